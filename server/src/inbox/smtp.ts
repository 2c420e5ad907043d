import { simpleParser } from 'mailparser';
import { SMTPServer, type SMTPServerDataStream } from 'smtp-server';

// The test inbox's SMTP side (issue 32): applications under test send their sign-up, reset and order
// e-mails here, as they would to Mailpit. It takes mail only for addresses at its own domain (it relays
// nothing), only so big and so often per sender's address, with no authentication and no TLS (it is
// meant for the machine or network the applications run on), and hands each message, parsed, to
// `deliver`.

/** A received message, parsed, for each of its recipients at the inbox's domain. */
export interface InboundMail {
  /** Recipients at the inbox's domain, lower case. */
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string | null;
  /** Size as received, in bytes. */
  size: number;
}

export interface InboxSmtpOptions {
  host: string;
  /** 0 picks a free port (tests). */
  port: number;
  domain: string;
  /** Largest message taken, in bytes; a larger one is refused with 552. */
  maxBytes: number;
  /** Messages one sender's address may deliver in a minute; past that, 421 until the minute is over. */
  perMinute: number;
  deliver(mail: InboundMail): Promise<void>;
  warn(line: string): void;
}

export interface InboxSmtp {
  port: number;
  close(): Promise<void>;
}

/** A local part people and applications use: letters, digits and . _ + - (no quoting, no comments). */
const LOCAL_PART = /^[a-z0-9][a-z0-9._+-]{0,63}$/;

/** SMTP's answer to a refusal: the error's message with its reply code. */
function refusal(code: number, message: string): Error {
  return Object.assign(new Error(message), { responseCode: code });
}

/** Whether `address` is one the inbox takes (at its domain, a plain local part); the lower-case address or null. */
export function inboxRecipient(address: string, domain: string): string | null {
  const lower = address.trim().toLowerCase();
  const at = lower.lastIndexOf('@');
  if (at <= 0 || lower.slice(at + 1) !== domain.toLowerCase()) return null;
  return LOCAL_PART.test(lower.slice(0, at)) ? lower : null;
}

/** Reads the message up to `maxBytes` (the rest is drained, so the client gets its answer). */
async function readCapped(stream: SMTPServerDataStream, maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let kept = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    if (kept >= maxBytes) continue;
    const part = chunk.subarray(0, maxBytes - kept);
    chunks.push(part);
    kept += part.length;
  }
  return Buffer.concat(chunks);
}

/** Starts listening; rejects when the port cannot be had (in use, not allowed). */
export async function startInboxSmtp(options: InboxSmtpOptions): Promise<InboxSmtp> {
  const domain = options.domain.toLowerCase();
  /** Messages each sender's address delivered in the current minute. */
  let window = { startedAt: Date.now(), counts: new Map<string, number>() };
  const countOne = (remote: string): boolean => {
    if (Date.now() - window.startedAt >= 60_000) window = { startedAt: Date.now(), counts: new Map() };
    const count = (window.counts.get(remote) ?? 0) + 1;
    window.counts.set(remote, count);
    return count <= options.perMinute;
  };

  const server = new SMTPServer({
    name: domain,
    banner: 'Plainwright test inbox',
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    size: options.maxBytes,
    rejectOversized: true,
    maxClients: 50,
    socketTimeout: 30_000,
    closeTimeout: 2_000,
    logger: false,
    onRcptTo(address, _session, callback) {
      if (inboxRecipient(address.address, domain)) callback();
      else callback(refusal(550, `This inbox takes mail only for addresses at ${domain}`));
    },
    onData(stream, session, callback) {
      void (async () => {
        const raw = await readCapped(stream, options.maxBytes);
        if (stream.sizeExceeded) return callback(refusal(552, 'Message too large'));
        if (!countOne(session.remoteAddress))
          return callback(refusal(421, 'Too many messages from this address: try again in a minute'));
        const to = [
          ...new Set(
            session.envelope.rcptTo
              .map((recipient) => inboxRecipient(recipient.address, domain))
              .filter((address): address is string => address !== null),
          ),
        ];
        const parsed = await simpleParser(raw, { skipImageLinks: true, skipTextToHtml: true });
        const from = parsed.from?.value[0]?.address ?? (session.envelope.mailFrom || { address: '' }).address;
        await options.deliver({
          to,
          from,
          subject: parsed.subject ?? '',
          text: parsed.text ?? '',
          html: typeof parsed.html === 'string' ? parsed.html : null,
          size: raw.length,
        });
        callback();
      })().catch((error: unknown) => {
        options.warn(`[inbox] a message could not be kept: ${(error as Error).message}`);
        callback(refusal(451, 'The message could not be kept: try again later'));
      });
    },
  });
  server.on('error', (error) => options.warn(`[inbox] ${error.message}`));

  await new Promise<void>((resolve, reject) => {
    const failed = (error: Error) => reject(error);
    server.server.once('error', failed);
    server.listen(options.port, options.host, () => {
      server.server.off('error', failed);
      resolve();
    });
  });
  const address = server.server.address();
  return {
    port: typeof address === 'object' && address ? address.port : options.port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
