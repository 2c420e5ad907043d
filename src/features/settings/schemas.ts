import { object, string } from 'yup';
import { t } from '../../config/locale';

export const inviteMemberSchema = object({
  email: string().trim().required(t.validation.emailRequired).email(t.validation.invalidEmail),
});
