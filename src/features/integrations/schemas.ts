import { array, number, object, string, type InferType } from 'yup';
import { messages } from './messages';
import { CI_BROWSERS, CI_LIMITS, type CiBrowser } from './types';

export const ciSettingsSchema = object({
  collectionId: string().required(messages.collectionRequired),
  timeoutSeconds: number()
    .typeError(messages.timeoutRange)
    .required(messages.timeoutRange)
    .integer(messages.timeoutRange)
    .min(CI_LIMITS.timeoutMin, messages.timeoutRange)
    .max(CI_LIMITS.timeoutMax, messages.timeoutRange),
  browsers: array(
    string<CiBrowser>()
      .oneOf([...CI_BROWSERS])
      .required(),
  )
    .min(1, messages.browsersRequired)
    .required(messages.browsersRequired),
});

export type CiSettings = InferType<typeof ciSettingsSchema>;
