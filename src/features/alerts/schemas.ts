import { object, string } from 'yup';
import { ALERT_LIMITS } from '../../../contract/alerts';
import { messages } from './messages';

/** One e-mail recipient, as the add field takes it. */
export const alertEmailSchema = object({
  email: string()
    .trim()
    .required(messages.emailInvalid)
    .max(320, messages.emailInvalid)
    .email(messages.emailInvalid),
});

/** One webhook URL: http or https only (the server checks where it points). */
export const alertWebhookSchema = object({
  url: string()
    .trim()
    .required(messages.webhookInvalid)
    .max(ALERT_LIMITS.webhookUrl, messages.webhookInvalid)
    .test('http', messages.webhookInvalid, (value) => {
      try {
        const url = new URL(value ?? '');
        return url.protocol === 'http:' || url.protocol === 'https:';
      } catch {
        // Not a URL at all: the same sentence.
        return false;
      }
    }),
});
