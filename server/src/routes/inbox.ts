import { type FastifyPluginAsyncTypebox } from '../lib/typeProvider';
import { ExportedInbox, ExportedInboxParams, RunInbox } from '../../../contract/inbox';
import { RunIdParams } from '../../../contract/runs';
import { NotFoundError } from '../errors';
import { mailLinks } from '../inbox/links';
import { EXPORT_ADDRESS, linksOf, mailText } from '../lib/mail';
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
      const actor = actorOf(request);
      const run = await services.runs.get(actor, request.params.runId);
      const address = await inbox.addressForRun(run._id);
      const mails = await inbox.list(address);
      // The run's evidence hides its secrets, as its steps and log do: a mail may repeat a password.
      const { row } = await services.testCases.requireTest(actor, run.test_case_id, 'Run not found');
      const secrets = await services.sharedParameters.valuesForSuite(row.testSuiteId);
      return inbox.hidingSecrets(
        {
          address,
          mails: mails.map((mail) => ({
            id: mail.id,
            from: mail.from,
            subject: mail.subject,
            text: mail.text,
            links: mailLinks(mail.html, mail.text),
            received_at: mail.receivedAt.toISOString(),
          })),
        },
        secrets,
      );
    },
  );
};

/**
 * The inbox of an exported test (issue 32, runner/emailCode.ts): it reads, over HTTP and without signing
 * in, the mail sent to the address it made itself, `pw-<32 random hex digits>@<INBOX_DOMAIN>`. The address
 * is the key: nobody can guess one, and a run's or a generation's address is never served here.
 */
export const inboxExportRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (
  app,
  { services },
) => {
  const { inbox } = services;
  app.get(
    '/inbox/:address',
    {
      schema: {
        tags: ['runs'],
        summary: "The e-mail sent to an exported test's own inbox address, newest first",
        params: ExportedInboxParams,
        response: { 200: ExportedInbox },
      },
    },
    async (request) => {
      const address = request.params.address.trim().toLowerCase();
      const at = address.lastIndexOf('@');
      if (at < 0 || !EXPORT_ADDRESS.test(address.slice(0, at)) || address.slice(at + 1) !== inbox.domain)
        throw new NotFoundError(
          `An exported test reads only its own address, pw-<32 hex digits>@${inbox.domain}`,
        );
      const mails = await inbox.list(address);
      return {
        address,
        mails: mails.map((mail) => ({
          id: mail.id,
          from: mail.from,
          subject: mail.subject,
          text: mailText(mail),
          links: linksOf(mail),
          received_at: mail.receivedAt.toISOString(),
        })),
      };
    },
  );
};
