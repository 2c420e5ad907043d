import { Type, type Static } from '@sinclair/typebox';
import { IsoDate } from './common';

// The test inbox (issue 32): e-mail an application under test sent to a run's `{{inbox}}` address, shown
// with the run as its evidence. docs/inbox.md describes it.

/** A received e-mail as the API shows it: its text, never its HTML (the sender's markup is not ours to render). */
export const InboxMail = Type.Object({
  id: Type.String(),
  from: Type.String(),
  subject: Type.String(),
  text: Type.String(),
  /** The http(s) links in the message (its HTML's and its text's), in order, each once. */
  links: Type.Array(Type.String()),
  received_at: IsoDate,
});
export type InboxMail = Static<typeof InboxMail>;

/** GET /test-run/{runId}/inbox: the run's address and what arrived there, newest first. */
export const RunInbox = Type.Object({
  address: Type.String(),
  mails: Type.Array(InboxMail),
});
export type RunInbox = Static<typeof RunInbox>;

/** The e-mail an e-mail step read (a run's step, issue 32): never its body, which may hold a code or a sign-in link. */
export const MailRead = Type.Object({
  subject: Type.String(),
  from: Type.String(),
  received_at: IsoDate,
});
export type MailRead = Static<typeof MailRead>;

/** A message as an exported test reads it (GET /inbox/{address}): its words, and its links with their words. */
export const ExportedMail = Type.Object({
  id: Type.String(),
  from: Type.String(),
  subject: Type.String(),
  /** The text part, or the HTML's words when there is none. */
  text: Type.String(),
  links: Type.Array(Type.Object({ text: Type.String(), url: Type.String() })),
  received_at: IsoDate,
});
export type ExportedMail = Static<typeof ExportedMail>;

/** GET /inbox/{address}: an exported test's own address (pw-<32 hex digits>) and its mail, newest first. */
export const ExportedInbox = Type.Object({
  address: Type.String(),
  mails: Type.Array(ExportedMail),
});
export type ExportedInbox = Static<typeof ExportedInbox>;

export const ExportedInboxParams = Type.Object({ address: Type.String({ maxLength: 320 }) });
