export type {
  AlertDelivery,
  AlertOn,
  AlertSettings,
  CollectionAlerts,
  SigningSecret,
} from '../../../contract/alerts';
export { ALERT_LIMITS, ALERT_MESSAGES, WEBHOOK_HEADERS } from '../../../contract/alerts';
