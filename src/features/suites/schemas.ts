import { object, string } from 'yup';
import { t } from '../../config/locale';

const name = string().trim().required(t.validation.required).max(100, t.validation.maxLength(100));

export const createSuiteSchema = object({ name });
export const renameSuiteSchema = object({ name });
