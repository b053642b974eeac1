/**
 * The code delivery port (signature codes, seed 000 §3): e-mail through the mail port (SMTP when
 * `SMTP_URL` is set); SMS and voice messages through a provider adapter (`SMS_PROVIDER_URL`: POST
 * `{channel, to, body}` as JSON, optional `SMS_PROVIDER_TOKEN` as a bearer). Every message is
 * recorded in `directory.outbox` first, in the caller's transaction, tagged with its signatory; with
 * nothing configured (demo) the code is echoed on the server's console and its own signatory reads it
 * in the app (`GET /api/user/outbox` for a session, the guest link's outbox for a guest).
 */
import type { SignatureCodeMode } from '../../contract/enums.ts';
import type { Queryable } from '../db/db.ts';
import { type MailPort, type Recipient, recordOutbox } from './mail.ts';

export interface CodeMessage {
  readonly channel: SignatureCodeMode;
  readonly to: string;
  readonly subject: string;
  readonly body: string;
  readonly for: Recipient;
}

export interface DeliveryPort {
  /** Records the message in `q`'s transaction; returns a function delivering it once committed. */
  record(q: Queryable, message: CodeMessage): Promise<() => Promise<void>>;
  /** True when this channel leaves the machine (else the in-app outbox shows it). */
  delivers(channel: SignatureCodeMode): boolean;
}

export interface ProviderEnv {
  readonly SMS_PROVIDER_URL?: string | undefined;
  readonly SMS_PROVIDER_TOKEN?: string | undefined;
}

async function sendToProvider(db: Queryable, env: ProviderEnv, outboxId: string, message: CodeMessage): Promise<void> {
  try {
    const res = await fetch(env.SMS_PROVIDER_URL!, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(env.SMS_PROVIDER_TOKEN ? { authorization: `Bearer ${env.SMS_PROVIDER_TOKEN}` } : {}),
      },
      body: JSON.stringify({ channel: message.channel, to: message.to, body: message.body }),
      signal: AbortSignal.timeout(15_000),
    });
    if (!res.ok) throw new Error(`provider answered ${res.status}`);
    await db.query(`UPDATE directory.outbox SET sent_at = now(), error = NULL WHERE id = $1`, [outboxId]);
  } catch (error) {
    await db.query(`UPDATE directory.outbox SET error = $2 WHERE id = $1`, [
      outboxId,
      error instanceof Error ? error.message : String(error),
    ]);
  }
}

export function createDeliveryPort(db: Queryable, mail: MailPort, env: ProviderEnv = process.env): DeliveryPort {
  const provider = Boolean(env.SMS_PROVIDER_URL);
  return {
    delivers: (channel) => (channel === 'email' ? mail.delivers : provider),
    async record(q, message) {
      if (message.channel === 'email') {
        const id = await mail.send(message, q);
        return () => mail.deliver(id);
      }
      const id = await recordOutbox(q, message.channel, message);
      return provider ? () => sendToProvider(db, env, id, message) : () => mail.show(id);
    },
  };
}
