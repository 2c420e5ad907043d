import { object, string } from 'yup';
import { t } from '../../config/locale';

export const createOrganizationSchema = object({
  name: string().trim().required(t.validation.organizationNameRequired).max(100, t.validation.maxLength(100)),
});
