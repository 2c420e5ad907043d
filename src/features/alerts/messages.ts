import { ALERT_MESSAGES } from '../../../contract/alerts';

// What the alert screens say; contract/alerts.ts has the sentences the server shares.
export const messages = {
  ...ALERT_MESSAGES,
  saved: 'Alerts saved',
  emailDuplicate: 'This address is already on the list',
  webhookDuplicate: 'This webhook is already on the list',
  tooManyEmails: 'At most 20 e-mail addresses',
  tooManyWebhooks: 'At most 10 webhooks',
  secretMade: 'Signing secret created. Copy it now: it is shown only this once.',
  secretFailed: 'Failed to make a signing secret. Please try again.',
  copied: 'Copied to clipboard',
  copyFailed: 'Failed to copy to clipboard',
} as const;
