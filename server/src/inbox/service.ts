import crypto from 'node:crypto';
import { and, desc, eq, gt, lt, notInArray, sql } from 'drizzle-orm';
import { type Db } from '../db/client';
import { hideSecrets } from '../runner';
import { inboxMessages } from '../db/schema';
import { getOrCreateSecret } from '../services/serverSecrets';
import { type InboundMail } from './smtp';

// The test inbox's store (issue 32): e-mail an application under test sent to an address at
// INBOX_DOMAIN, kept in the database, so the process that runs a test reads what the API process
// received. Each run has an address of its own (`{{inbox}}`), derived from the run's id with a secret
// of this server: nobody can guess another run's address to put mail in its inbox, and parallel runs
// never read each other's mail.

/** Messages kept per address: the newest; an application that loops cannot fill the database. */
export const KEPT_PER_ADDRESS = 50;
/** Messages older than this are deleted (at most once per PRUNE_EVERY_MS, when mail arrives). */
export const KEPT_FOR_MS = 7 * 24 * 3600_000;
const PRUNE_EVERY_MS = 10 * 60_000;
/** How often a step waiting for mail looks again. */
const POLL_MS = 250;

export interface InboxMessage {
  id: string;
  address: string;
  from: string;
  subject: string;
  text: string;
  html: string | null;
  size: number;
  receivedAt: Date;
}

export interface WaitOptions {
  /** Only mail received after this. */
  after?: Date;
  timeoutMs: number;
  signal?: AbortSignal;
}

export class InboxService {
  private _secret: Promise<string> | null = null;
  private _prunedAt = 0;

  constructor(
    private readonly _db: Db,
    readonly domain: string,
  ) {}

  /** The run's own address (`{{inbox}}` in its steps), the same in every process of this server. */
  addressForRun(runId: string): Promise<string> {
    return this._address('run', runId);
  }

  /** A generation's own address: each attempt of each test's generation has one. */
  addressForGeneration(testCaseId: string, jobId: string): Promise<string> {
    return this._address('gen', `${testCaseId}:${jobId}`);
  }

  /** A healing's own address: the healer replays the test's e-mail steps as a run does, on mail of its own. */
  addressForHealing(healingId: string): Promise<string> {
    return this._address('heal', healingId);
  }

  private async _address(prefix: 'run' | 'gen' | 'heal', key: string): Promise<string> {
    this._secret ??= getOrCreateSecret(this._db, 'inbox_addresses');
    const digest = crypto
      .createHmac('sha256', await this._secret)
      .update(`${prefix}:${key}`)
      .digest('hex')
      .slice(0, 20);
    return `${prefix}-${digest}@${this.domain}`;
  }

  /** Keeps a received message for each of its recipients. */
  async deliver(mail: InboundMail): Promise<void> {
    if (mail.to.length === 0) return;
    await this._db.insert(inboxMessages).values(
      mail.to.map((address) => ({
        address,
        fromAddress: mail.from.slice(0, 320),
        subject: mail.subject.slice(0, 1000),
        text: mail.text,
        html: mail.html,
        size: mail.size,
      })),
    );
    for (const address of mail.to) await this._keepNewest(address);
    if (Date.now() - this._prunedAt >= PRUNE_EVERY_MS) {
      this._prunedAt = Date.now();
      await this._db
        .delete(inboxMessages)
        .where(lt(inboxMessages.receivedAt, new Date(Date.now() - KEPT_FOR_MS)));
    }
  }

  /** What is shown of a run's mail, its secrets' values (and their encoded forms) masked. */
  hidingSecrets<T>(shown: T, secrets: Record<string, string>): T {
    return hideSecrets(shown, secrets);
  }

  /**
   * The address's messages as a text file (a run's `inbox.txt` artifact, kept with its trace and log when
   * the inbox has pruned them), oldest first, the run's secrets masked; null when none came.
   */
  async transcript(address: string, secrets: Record<string, string>): Promise<string | null> {
    const mails = await this.list(address);
    if (mails.length === 0) return null;
    const text = mails
      .reverse()
      .map((mail) =>
        [
          `To: ${mail.address}`,
          `From: ${mail.from}`,
          `Subject: ${mail.subject}`,
          `Received: ${mail.receivedAt.toISOString()}`,
          '',
          mail.text.trimEnd(),
          '',
        ].join('\n'),
      )
      .join(`${'-'.repeat(72)}\n`);
    return this.hidingSecrets(text, secrets);
  }

  /** The address's messages, newest first. */
  async list(address: string, limit = KEPT_PER_ADDRESS): Promise<InboxMessage[]> {
    const rows = await this._db
      .select()
      .from(inboxMessages)
      .where(eq(inboxMessages.address, address.toLowerCase()))
      .orderBy(desc(inboxMessages.receivedAt), desc(inboxMessages.id))
      .limit(limit);
    return rows.map(toMessage);
  }

  /** The newest message to the address (received after `after`), waiting for one up to the timeout; null if none came. */
  async waitForLatest(address: string, options: WaitOptions): Promise<InboxMessage | null> {
    const deadline = Date.now() + options.timeoutMs;
    for (;;) {
      const [row] = await this._db
        .select()
        .from(inboxMessages)
        .where(
          and(
            eq(inboxMessages.address, address.toLowerCase()),
            options.after ? gt(inboxMessages.receivedAt, options.after) : undefined,
          ),
        )
        .orderBy(desc(inboxMessages.receivedAt), desc(inboxMessages.id))
        .limit(1);
      if (row) return toMessage(row);
      const left = deadline - Date.now();
      if (left <= 0 || options.signal?.aborted) return null;
      await new Promise((resolve) => setTimeout(resolve, Math.min(POLL_MS, left)));
    }
  }

  private async _keepNewest(address: string): Promise<void> {
    const newest = this._db
      .select({ id: inboxMessages.id })
      .from(inboxMessages)
      .where(eq(inboxMessages.address, address))
      .orderBy(desc(inboxMessages.receivedAt), desc(inboxMessages.id))
      .limit(KEPT_PER_ADDRESS);
    await this._db
      .delete(inboxMessages)
      .where(and(eq(inboxMessages.address, address), notInArray(inboxMessages.id, sql`(${newest})`)));
  }
}

function toMessage(row: typeof inboxMessages.$inferSelect): InboxMessage {
  return {
    id: row.id,
    address: row.address,
    from: row.fromAddress,
    subject: row.subject,
    text: row.text,
    html: row.html,
    size: row.size,
    receivedAt: row.receivedAt,
  };
}
