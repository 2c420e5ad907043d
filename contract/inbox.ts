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
