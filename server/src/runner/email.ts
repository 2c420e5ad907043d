import { type Page } from 'playwright-core';
import { type Action, type Target } from './actions';
import { ActionError, toLocator } from './execute';
import { substitute, type RunValues } from './values';
import { findCode, findLink, fold, linksOf, mailText, words } from '../lib/mail';

// The e-mail steps (issue 32): a test reads what the application under test mailed to its inbox
// address. The runner never reaches the inbox's store itself: the job hands it an InboxPort. The last
// e-mail a step opened stays open for the steps after it (its subject, its words, its link, its code).

/** A received e-mail as the runner reads it. */
export interface InboxMail {
  id: string;
  from: string;
  subject: string;
  text: string;
  html: string | null;
  receivedAt: Date;
}

/** The test inbox as the runner sees it (services/inbox's InboxService fits it). */
export interface InboxPort {
  /** The newest message to the address, waiting for one up to the timeout; null if none came. */
  waitForLatest(
    address: string,
    options: { timeoutMs: number; signal?: AbortSignal },
  ): Promise<InboxMail | null>;
}

export type EmailAction = Extract<Action, { kind: 'email' }>;

/** What a step read, kept as its evidence (no body: that may hold a code or a link that signs in). */
export interface EmailEvidence {
  subject: string;
  from: string;
  received_at: string;
}

export function emailEvidence(mail: InboxMail): EmailEvidence {
  return { subject: mail.subject, from: mail.from, received_at: mail.receivedAt.toISOString() };
}

/** A person's words for what a step read: 'the e-mail "Welcome" from shop@x.test (received 10:02:03 UTC)'. */
export function describeMail(mail: InboxMail | EmailEvidence): string {
  const received = 'receivedAt' in mail ? mail.receivedAt : new Date(mail.received_at);
  return `the e-mail "${mail.subject}" from ${mail.from || 'an unknown sender'} (received ${received.toISOString().slice(11, 19)} UTC)`;
}

// ── Running a step ─────────────────────────────────────────────────────────────────────────────────

export interface EmailContext {
  inbox: InboxPort | null;
  /** The e-mail an earlier step opened. */
  opened: InboxMail | null;
  timeoutMs: number;
  signal?: AbortSignal;
}

const NO_MAIL_OPEN =
  'No e-mail is open: a step such as Open the latest e-mail to {{inbox}} must come before this one.';

function clip(text: string, length = 200): string {
  const flat = words(text);
  return flat.length > length ? `${flat.slice(0, length)}…` : flat;
}

/**
 * Runs an e-mail step in the page; the e-mail open after it (the one opened, or the one already open).
 * Throws ActionError with a sentence naming what was missing and what is there.
 */
export async function runEmailAction(
  page: Page,
  action: EmailAction,
  values: RunValues,
  context: EmailContext,
): Promise<InboxMail> {
  if (action.op === 'open') {
    if (!context.inbox)
      throw new ActionError(
        'The test inbox is off on this server (INBOX_SMTP_PORT), so no e-mail can be read.',
        'inbox_unavailable',
      );
    const address = substitute(action.to, values).trim().toLowerCase();
    const mail = await context.inbox.waitForLatest(address, {
      timeoutMs: context.timeoutMs,
      signal: context.signal,
    });
    if (context.signal?.aborted) throw new ActionError('The step was stopped.', 'execution_failed');
    if (!mail)
      throw new ActionError(
        `No e-mail came to ${address} within ${Math.round(context.timeoutMs / 100) / 10} s. Check that the application sent it, and that its SMTP settings point at this inbox.`,
        'email_not_received',
      );
    return mail;
  }
  const mail = context.opened;
  if (!mail) throw new ActionError(NO_MAIL_OPEN, 'email_not_open');
  switch (action.op) {
    case 'expect': {
      const wanted = substitute(action.value, values);
      const said = action.field === 'subject' ? mail.subject : mailText(mail);
      if (!fold(said).includes(fold(wanted)))
        throw new ActionError(
          action.field === 'subject'
            ? `The e-mail's subject is "${clip(mail.subject)}": it does not contain "${wanted}".`
            : `${capitalized(describeMail(mail))} does not say "${wanted}"; it says: "${clip(said)}".`,
          'assertion_failed',
        );
      return mail;
    }
    case 'link': {
      const links = linksOf(mail);
      const link = findLink(links, substitute(action.text, values));
      if (!link)
        throw new ActionError(
          links.length === 0
            ? `${capitalized(describeMail(mail))} has no link.`
            : `${capitalized(describeMail(mail))} has no "${action.text}" link; its links are ${links
                .slice(0, 5)
                .map((one) => `"${one.text || one.url}"`)
                .join(', ')}.`,
          'element_not_found',
        );
      const response = await page.goto(link.url, {
        timeout: Math.max(context.timeoutMs, 15_000),
        signal: context.signal,
      });
      if (response && response.status() >= 400)
        throw new ActionError(
          `The e-mail's "${action.text}" link answered HTTP ${response.status()} (${response.url()}).`,
          'navigation_failed',
        );
      return mail;
    }
    case 'code': {
      const code = findCode(mail);
      if (!code)
        throw new ActionError(
          `${capitalized(describeMail(mail))} holds no code of 4 to 8 digits; it says: "${clip(mailText(mail))}".`,
          'assertion_failed',
        );
      await toLocator(page, action.target, values).fill(code, {
        timeout: context.timeoutMs,
        signal: context.signal,
      });
      return mail;
    }
  }
}

function capitalized(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The fill a code step makes, for the element checks a fill gets (its target). */
export function codeTarget(action: EmailAction): Target | null {
  return action.op === 'code' ? action.target : null;
}
