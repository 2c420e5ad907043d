import { Type, type Static } from '@sinclair/typebox';
import { IsoDate, Nullable } from './common';
import { AlertOn, RunCounts } from './collections';

export { AlertOn };

// Alerts and retries of a collection (issue 12): tell people when a scheduled (or any) run group
// fails or recovers, by e-mail and by webhook, and don't wake them for a flake.

export const ALERT_MESSAGES = {
  emailInvalid: 'Please enter a valid email address',
  webhookInvalid: 'A webhook must be an http or https URL',
  tooMany: 'At most 20 e-mail addresses and 10 webhooks',
  fetchFailed: 'Failed to fetch alerts',
  saveFailed: 'Failed to save alerts',
  alertOnInvalid: 'Alert on must be never, failure, recovery or both',
} as const;

export const ALERT_LIMITS = {
  emails: 20,
  webhooks: 10,
  webhookUrl: 2000,
  /** Delivery attempts of one alert (the first and its retries). */
  attempts: 4,
  /** Deliveries a collection shows. */
  recentDeliveries: 20,
} as const;

/** A collection's alert and retry settings (part of the Collection, and PUT's body). */
export const AlertSettings = Type.Object({
  alert_on: AlertOn,
  emails: Type.Array(Type.String({ maxLength: 320 }), { maxItems: ALERT_LIMITS.emails }),
  webhooks: Type.Array(Type.String({ maxLength: ALERT_LIMITS.webhookUrl }), {
    maxItems: ALERT_LIMITS.webhooks,
  }),
  /** A failed run is run again once; a pass on retry makes the run flaky, not passed. */
  retry_on_failure: Type.Boolean(),
});
export type AlertSettings = Static<typeof AlertSettings>;

/**
 * PUT's body as the server reads it: `alert_on` is any short text here so that a wrong value gets
 * the service's sentence (and another organization's collection its 404) rather than a schema error.
 */
export const AlertSettingsBody = Type.Object({
  alert_on: Type.String({ maxLength: 20 }),
  emails: AlertSettings.properties.emails,
  webhooks: AlertSettings.properties.webhooks,
  retry_on_failure: Type.Boolean(),
});
export type AlertSettingsBody = Static<typeof AlertSettingsBody>;

export const AlertEvent = Type.Union([Type.Literal('failure'), Type.Literal('recovery')]);
export type AlertEvent = Static<typeof AlertEvent>;

export const AlertDelivery = Type.Object({
  _id: Type.String(),
  group_created_at: IsoDate,
  event: AlertEvent,
  channel: Type.Union([Type.Literal('email'), Type.Literal('webhook')]),
  target: Type.String(),
  status: Type.Union([Type.Literal('pending'), Type.Literal('delivered'), Type.Literal('failed')]),
  attempts: Type.Integer(),
  last_error: Nullable(Type.String()),
  response_status: Nullable(Type.Integer()),
  created_at: IsoDate,
  delivered_at: Nullable(IsoDate),
});
export type AlertDelivery = Static<typeof AlertDelivery>;

/** GET /api/test-suites/collection/{id}/alerts: the settings and the latest deliveries. */
export const CollectionAlerts = Type.Object({
  settings: AlertSettings,
  deliveries: Type.Array(AlertDelivery),
  /** Whether webhooks are signed yet (the secret itself is shown only when made); the SPA's addition. */
  has_signing_secret: Type.Optional(Type.Boolean()),
});
export type CollectionAlerts = Static<typeof CollectionAlerts>;

/** POST /api/test-suites/collection/{id}/alerts/signing-secret: the webhooks' HMAC key, made or rotated. */
export const SigningSecret = Type.Object({ signing_secret: Type.String() });
export type SigningSecret = Static<typeof SigningSecret>;

/** The signature header of a webhook: `sha256=` + hex HMAC-SHA256 of `${timestamp}.${raw body}`. */
export const WEBHOOK_HEADERS = {
  signature: 'x-plainwright-signature',
  timestamp: 'x-plainwright-timestamp',
  event: 'x-plainwright-event',
} as const;

/** The JSON a webhook receives (Slack reads `text`). */
export const AlertPayload = Type.Object({
  event: AlertEvent,
  /** Slack-compatible summary. */
  text: Type.String(),
  collection: Type.Object({ _id: Type.String(), name: Type.String(), url: Type.String() }),
  group: Type.Object({
    created_at: IsoDate,
    counts: RunCounts,
    total: Type.Integer(),
    url: Type.String(),
  }),
  failing_tests: Type.Array(
    Type.Object({
      test_case_id: Type.String(),
      name: Type.String(),
      run_id: Type.String(),
      status: Type.String(),
      failing_step_index: Nullable(Type.Integer()),
      error_message: Nullable(Type.String()),
      url: Type.String(),
    }),
  ),
});
export type AlertPayload = Static<typeof AlertPayload>;
