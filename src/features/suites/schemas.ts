import { object, string } from 'yup';
import { SUITE_NAME_MAX } from '../../../contract/testSuites';
import { t } from '../../config/locale';

const name = string()
  .trim()
  .required(t.validation.required)
  .max(SUITE_NAME_MAX, t.validation.maxLength(SUITE_NAME_MAX));

export const createSuiteSchema = object({ name });
export const renameSuiteSchema = object({ name });
