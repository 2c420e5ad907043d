import { and, desc, eq } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import { type Db } from '../db/client';
import { mailOutbox } from '../db/schema';
import { type QueuePort } from '../tracking/queue';

export type MailKind = 'confirmation' | 'recovery' | 'invitation' | 'email_change' | 'notification';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  kind: MailKind;
}

export interface StoredMail extends OutgoingMail {
  id: string;
  createdAt: Date;
  sentAt: Date | null;
  error: string | null;
}

export const MAIL_DELIVERY_QUEUE = 'mail-deliver';

/**
 * Every e-mail is stored in the outbox first; with SMTP configured a pg-boss job delivers it, so a
 * slow or failing mail server never holds up the request that wrote it.
 */
export class MailService {
  private readonly _transport: Transporter | null;

  constructor(
    private readonly _db: Db,
    private readonly _queue: QueuePort | null,
    smtpUrl: string | null,
    private readonly _from: string,
  ) {
    this._transport = smtpUrl ? nodemailer.createTransport(smtpUrl) : null;
  }

  get delivers(): boolean {
    return this._transport !== null;
  }

  async send(mail: OutgoingMail): Promise<StoredMail> {
    const [row] = await this._db
      .insert(mailOutbox)
      .values({ ...mail, to: mail.to.toLowerCase(), html: mail.html ?? null })
      .returning();
    if (this._transport && this._queue)
      await this._queue.send(MAIL_DELIVERY_QUEUE, { id: row.id }, { retryLimit: 5, retryBackoff: true });
    return toStoredMail(row);
  }

  /**
   * Stores the mail and delivers it now, for a caller that is a job with its own retries (alerts):
   * a failing SMTP server throws here. Without SMTP the outbox is the delivery.
   */
  async sendNow(mail: OutgoingMail): Promise<StoredMail> {
    const [row] = await this._db
      .insert(mailOutbox)
      .values({ ...mail, to: mail.to.toLowerCase(), html: mail.html ?? null })
      .returning();
    await this.deliver(row.id);
    return toStoredMail(row);
  }

  /** The job handler: delivers one stored mail through SMTP and records the outcome. */
  async deliver(id: string): Promise<void> {
    if (!this._transport) return;
    const row = await this._db.query.mailOutbox.findFirst({ where: eq(mailOutbox.id, id) });
    if (!row || row.sentAt) return;
    try {
      await this._transport.sendMail({
        from: this._from,
        to: row.to,
        subject: row.subject,
        text: row.text,
        html: row.html ?? undefined,
      });
      await this._db.update(mailOutbox).set({ sentAt: new Date(), error: null }).where(eq(mailOutbox.id, id));
    } catch (error) {
      await this._db
        .update(mailOutbox)
        .set({ error: error instanceof Error ? error.message : String(error) })
        .where(eq(mailOutbox.id, id));
      throw error;
    }
  }

  async list(to?: string, limit = 100): Promise<StoredMail[]> {
    const rows = await this._db
      .select()
      .from(mailOutbox)
      .where(to ? and(eq(mailOutbox.to, to.toLowerCase())) : undefined)
      .orderBy(desc(mailOutbox.createdAt))
      .limit(limit);
    return rows.map(toStoredMail);
  }
}

function toStoredMail(row: typeof mailOutbox.$inferSelect): StoredMail {
  return {
    id: row.id,
    to: row.to,
    subject: row.subject,
    text: row.text,
    html: row.html ?? undefined,
    kind: row.kind as MailKind,
    createdAt: row.createdAt,
    sentAt: row.sentAt,
    error: row.error,
  };
}
