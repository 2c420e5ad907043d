import { type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { RunInbox } from '../../../contract/inbox';
import { RunIdParams } from '../../../contract/runs';
import { mailLinks } from '../inbox/links';
import { actorOf } from '../plugins/auth';
import { type Services } from '../services';

/** The test inbox of a run (issue 32): what an application under test mailed to its `{{inbox}}` address. */
export const inboxRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  const { inbox } = services;
  app.get(
    '/test-run/:runId/inbox',
    {
      schema: {
        tags: ['runs'],
        summary: "The e-mail the application under test sent to the run's inbox address, newest first",
        params: RunIdParams,
        response: { 200: RunInbox },
      },
    },
    async (request) => {
      // The run as its reader may see it: another organization's run is not found.
      const run = await services.runs.get(actorOf(request), request.params.runId);
      const address = await inbox.addressForRun(run._id);
      const mails = await inbox.list(address);
      return {
        address,
        mails: mails.map((mail) => ({
          id: mail.id,
          from: mail.from,
          subject: mail.subject,
          text: mail.text,
          links: mailLinks(mail.html, mail.text),
          received_at: mail.receivedAt.toISOString(),
        })),
      };
    },
  );
};
