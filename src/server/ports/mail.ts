/**
 * The mail port. Every message is written to `directory.outbox` first, tagged with whom it is for
 * (a user, a signbook's signatory); with `SMTP_URL` it is delivered by nodemailer and the row records
 * `sent_at` or the delivery error. Without SMTP (demo) it is echoed on the server's console, as
 * development mail tools do, and its own recipient can read it in the app (never anyone else).
 */
import { randomUUID } from 'node:crypto';
import nodemailer from 'nodemailer';
import type { DomainId } from '../../contract/constants.ts';
import type { Queryable } from '../db/db.ts';

/** Whom a message is for, beyond its address: who may read it in the demo outbox. */
export interface Recipient {
  /** The user account it is meant for (their session reads it). */
  readonly userId?: string | null;
  /** The signatory it is meant for (their signing link reads it). */
  readonly signatory?: { readonly domain: DomainId; readonly id: string } | null;
}

export interface MailMessage {
  readonly to: string;
  readonly subject: string;
  readonly body: string;
  readonly for?: Recipient;
}

/** Prints one recorded message (the demo's console "mail catcher"). */
export type Echo = (message: { channel: string; to: string; subject: string; body: string }) => void;

/** Inserts an outbox row (in `q`'s transaction) and returns its id. */
export async function recordOutbox(
  q: Queryable,
  channel: 'email' | 'sms' | 'voicemail',
  message: MailMessage,
): Promise<string> {
  const id = randomUUID();
  await q.query(
    `INSERT INTO directory.outbox (id, channel, recipient, subject, body, user_id, signatory_domain, signatory_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [
      id,
      channel,
      message.to,
      message.subject,
      message.body,
      message.for?.userId ?? null,
      message.for?.signatory?.domain ?? null,
      message.for?.signatory?.id ?? null,
    ],
  );
  return id;
}

/** Echoes a recorded message through `echo` (nothing when there is none, or no such row). */
export async function echoOutbox(db: Queryable, echo: Echo | undefined, outboxId: string): Promise<void> {
  if (!echo) return;
  const { rows } = await db.query<{ channel: string; recipient: string; subject: string; body: string }>(
    `SELECT channel, recipient, subject, body FROM directory.outbox WHERE id = $1`,
    [outboxId],
  );
  const row = rows[0];
  if (row) echo({ channel: row.channel, to: row.recipient, subject: row.subject, body: row.body });
}

/** The console echo of `npm start` in demo mode. */
export const consoleEcho: Echo = (m) => {
  const rule = '─'.repeat(72);
  console.log(
    [
      '',
      `┌${rule}`,
      `│ ${m.channel === 'email' ? 'E-mail' : m.channel === 'sms' ? 'SMS' : 'Voice message'} (demo: not sent, shown here only)`,
      `│ To: ${m.to}`,
      `│ Subject: ${m.subject}`,
      `├${rule}`,
      ...m.body.split('\n').map((line) => `│ ${line}`),
      `└${rule}`,
    ].join('\n'),
  );
};

export interface MailPort {
  /** True when messages leave the machine; the in-app outbox is then closed. */
  readonly delivers: boolean;
  /** Records the message (in the caller's transaction when given `q`) and returns its outbox id. */
  send(message: MailMessage, q?: Queryable): Promise<string>;
  /**
   * Asks for delivery of a recorded message, after the recording transaction committed: through
   * the durable job queue when one is attached (a crash between commit and send loses nothing),
   * else at once.
   */
  deliver(outboxId: string): Promise<void>;
  /** Sends a recorded message now; the `mail.deliver` job's handler. */
  deliverNow(outboxId: string): Promise<void>;
  /** Echoes a recorded message that nothing delivers (demo): on the console, never to a client. */
  show(outboxId: string): Promise<void>;
}

export interface MailPortOptions {
  /** Queues delivery (`mail.deliver` job) instead of sending in the request. */
  readonly schedule?: (outboxId: string) => Promise<void>;
  /** Demo only: where messages that are not sent are shown (the server's console). */
  readonly echo?: Echo;
}

export const MAIL_DELIVER_JOB = 'mail.deliver';

const FROM = 'Paie Docs <no-reply@paie-docs.local>';

export function createMailPort(db: Queryable, smtpUrl: string | null, options: MailPortOptions = {}): MailPort {
  const transport = smtpUrl ? nodemailer.createTransport(smtpUrl) : null;
  const deliverNow = async (outboxId: string): Promise<void> => {
    if (!transport) return;
    const { rows } = await db.query<{ recipient: string; subject: string; body: string }>(
      `SELECT recipient, subject, body FROM directory.outbox WHERE id = $1 AND sent_at IS NULL`,
      [outboxId],
    );
    const row = rows[0];
    if (!row) return;
    try {
      await transport.sendMail({ from: FROM, to: row.recipient, subject: row.subject, text: row.body });
      await db.query(`UPDATE directory.outbox SET sent_at = now(), error = NULL WHERE id = $1`, [outboxId]);
    } catch (error) {
      await db.query(`UPDATE directory.outbox SET error = $2 WHERE id = $1`, [
        outboxId,
        error instanceof Error ? error.message : String(error),
      ]);
    }
  };
  return {
    delivers: transport !== null,
    send: (message, q = db) => recordOutbox(q, 'email', message),
    async deliver(outboxId) {
      if (!transport) return echoOutbox(db, options.echo, outboxId);
      if (options.schedule) await options.schedule(outboxId);
      else await deliverNow(outboxId);
    },
    deliverNow,
    show: (outboxId) => echoOutbox(db, options.echo, outboxId),
  };
}
