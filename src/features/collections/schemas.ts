import { object, string } from 'yup';
import { COLLECTION_LIMITS } from '../../../contract/collections';
import { t } from '../../config/locale';

const name = string()
  .trim()
  .required(t.validation.required)
  .max(COLLECTION_LIMITS.name, t.validation.maxLength(COLLECTION_LIMITS.name));

export const createCollectionSchema = object({ name });
export const renameCollectionSchema = object({ name });
