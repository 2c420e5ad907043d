import { type FastifyPluginAsyncTypebox } from '../lib/typeProvider';
import { AlertSettingsBody, CollectionAlerts, SigningSecret } from '../../../contract/alerts';
import { CollectionIdParams } from '../../../contract/collections';
import { actorOf } from '../plugins/auth';
import { type Services } from '../services';

const tags = ['collections'];

/** A collection's alerts and retry setting (issue 12). docs/collections.md, "Alerts and retries". */
export const alertRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  const { alerts } = services;

  app.get(
    '/test-suites/collection/:id/alerts',
    {
      schema: {
        tags,
        summary: "A collection's alert settings and its latest deliveries (newest first)",
        params: CollectionIdParams,
        response: { 200: CollectionAlerts },
      },
    },
    async (request) => alerts.get(actorOf(request), request.params.id),
  );

  app.put(
    '/test-suites/collection/:id/alerts',
    {
      schema: {
        tags,
        summary: 'Set when to alert, the e-mail recipients and webhooks, and "Retry once on failure"',
        params: CollectionIdParams,
        body: AlertSettingsBody,
        response: { 200: CollectionAlerts },
      },
    },
    async (request) => alerts.update(actorOf(request), request.params.id, request.body),
  );

  app.post(
    '/test-suites/collection/:id/alerts/signing-secret',
    {
      schema: {
        tags,
        summary: "Make or rotate the webhooks' signing key (shown once)",
        params: CollectionIdParams,
        response: { 200: SigningSecret },
      },
    },
    async (request) => alerts.rotateSigningSecret(actorOf(request), request.params.id),
  );
};
