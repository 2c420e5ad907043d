import { http, HttpResponse } from 'msw';
import {
  ALERT_LIMITS,
  ALERT_MESSAGES,
  type AlertDelivery,
  type AlertSettings,
  type CollectionAlerts,
} from '../../../contract/alerts';
import { apiError } from './api';
import { findCollection, type DbCollection } from './collections';
import { db, newId } from './db';
import { userFromRequest } from './identity';

// The alert calls of contract/alerts.ts on the in-memory db (settings live on the collection).
const API = '/api';

interface DbAlerts {
  emails: string[];
  webhooks: string[];
  deliveries: AlertDelivery[];
  signing_secret: string | null;
}

// NOTE: kept on the collection object, so resetDb() forgets them with it.
const alertsOf = new WeakMap<DbCollection, DbAlerts>();

function stored(collection: DbCollection): DbAlerts {
  let alerts = alertsOf.get(collection);
  if (!alerts)
    alertsOf.set(collection, (alerts = { emails: [], webhooks: [], deliveries: [], signing_secret: null }));
  return alerts;
}

export function seedAlerts(
  collection: DbCollection,
  settings: Partial<AlertSettings> & { deliveries?: AlertDelivery[]; signing_secret?: string | null } = {},
) {
  const alerts = stored(collection);
  const { alert_on, retry_on_failure, ...rest } = settings;
  if (alert_on) collection.alert_on = alert_on;
  if (retry_on_failure !== undefined) collection.retry_on_failure = retry_on_failure;
  Object.assign(alerts, rest);
  return alerts;
}

/** A delivery as the server lists it; `overrides` says what differs. */
export function delivery(overrides: Partial<AlertDelivery> = {}): AlertDelivery {
  const at = new Date(Date.UTC(2026, 0, 5, 9)).toISOString();
  return {
    _id: newId('delivery'),
    group_created_at: at,
    event: 'failure',
    channel: 'email',
    target: 'team@example.com',
    status: 'delivered',
    attempts: 1,
    last_error: null,
    response_status: null,
    created_at: at,
    delivered_at: at,
    ...overrides,
  };
}

export const storedAlerts = (collection: DbCollection) => stored(collection);

function alertsJson(collection: DbCollection): CollectionAlerts {
  const alerts = stored(collection);
  return {
    settings: {
      alert_on: collection.alert_on ?? 'never',
      emails: alerts.emails,
      webhooks: alerts.webhooks,
      retry_on_failure: collection.retry_on_failure ?? false,
    },
    deliveries: alerts.deliveries,
    has_signing_secret: alerts.signing_secret !== null,
  };
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const isWebhook = (value: string) => {
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    // Not a URL: refused with the same sentence.
    return false;
  }
};

function memberCollection(request: Request, id: string) {
  const user = userFromRequest(request);
  if (!user) return { error: apiError(401, 'unauthorized', 'Missing or invalid access token') };
  const found = findCollection(id);
  const member =
    found &&
    db.memberships.some(
      (m) => m.org_id === found.suite.org_id && m.user_id === user.id && m.status === 'active',
    );
  if (!found || !member) return { error: apiError(404, 'not_found', 'Test collection not found') };
  return found;
}

const invalid = (message: string) => apiError(400, 'validation_failed', message);

export const alertHandlers = [
  http.get(`${API}/test-suites/collection/:id/alerts`, ({ request, params }) => {
    const found = memberCollection(request, String(params.id));
    if ('error' in found) return found.error;
    return HttpResponse.json(alertsJson(found.collection));
  }),

  http.put(`${API}/test-suites/collection/:id/alerts`, async ({ request, params }) => {
    const found = memberCollection(request, String(params.id));
    if ('error' in found) return found.error;
    const body = (await request.json()) as AlertSettings;
    if (body.emails.length > ALERT_LIMITS.emails || body.webhooks.length > ALERT_LIMITS.webhooks)
      return invalid(ALERT_MESSAGES.tooMany);
    if (body.emails.some((email) => !EMAIL.test(email))) return invalid(ALERT_MESSAGES.emailInvalid);
    if (body.webhooks.some((url) => !isWebhook(url))) return invalid(ALERT_MESSAGES.webhookInvalid);
    seedAlerts(found.collection, { ...body });
    return HttpResponse.json(alertsJson(found.collection));
  }),

  http.post(`${API}/test-suites/collection/:id/alerts/signing-secret`, ({ request, params }) => {
    const found = memberCollection(request, String(params.id));
    if ('error' in found) return found.error;
    const secret = `whsec_${newId('secret')}`;
    stored(found.collection).signing_secret = secret;
    return HttpResponse.json({ signing_secret: secret });
  }),
];
