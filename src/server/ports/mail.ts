/**
 * The mail port. Every message is written to `directory.outbox` first (the demo reads it in the
 * app when no SMTP server is configured); with `SMTP_URL` it is also delivered by nodemailer and
 * the row records `sent_at` or the delivery error.
 */
import { randomUUID } from 'node:crypto';
import nodemailer from 'nodemailer';
import type { Queryable } from '../db/db.ts';

export interface MailMessage {
  readonly to: string;
  readonly subject: string;
  readonly body: string;
}

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
}

export interface MailPortOptions {
  /** Queues delivery (`mail.deliver` job) instead of sending in the request. */
  readonly schedule?: (outboxId: string) => Promise<void>;
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
    async send(message, q = db) {
      const id = randomUUID();
      await q.query(
        `INSERT INTO directory.outbox (id, channel, recipient, subject, body) VALUES ($1, 'email', $2, $3, $4)`,
        [id, message.to, message.subject, message.body],
      );
      return id;
    },
    async deliver(outboxId) {
      if (!transport) return;
      if (options.schedule) await options.schedule(outboxId);
      else await deliverNow(outboxId);
    },
    deliverNow,
  };
}
