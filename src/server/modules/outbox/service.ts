/**
 * The demo outbox, read by the recipient only: a session reads the messages meant for its user, a
 * guest signing link the messages meant for its signatory. Nobody lists anybody else's messages
 * (reset links, codes and signing links are credentials). The routes exist on demo servers only
 * (`RouteDef.demoOnly`).
 */
import type { DomainId } from '../../../contract/constants.ts';
import type { OutboxMessage } from '../../../contract/entities.ts';
import type { Queryable } from '../../db/db.ts';

const LIMIT = 50;

interface OutboxRow {
  id: string;
  channel: OutboxMessage['channel'];
  recipient: string;
  subject: string;
  body: string;
  created_at: string;
}

const toMessage = (r: OutboxRow): OutboxMessage => ({
  id: r.id,
  channel: r.channel,
  to: r.recipient,
  subject: r.subject,
  body: r.body,
  createdAt: r.created_at,
});

const COLUMNS = 'id, channel, recipient, subject, body, created_at';

export async function outboxOfUser(db: Queryable, userId: string): Promise<OutboxMessage[]> {
  const { rows } = await db.query<OutboxRow>(
    `SELECT ${COLUMNS} FROM directory.outbox WHERE user_id = $1 ORDER BY created_at DESC, id LIMIT ${LIMIT}`,
    [userId],
  );
  return rows.map(toMessage);
}

export async function outboxOfSignatory(
  db: Queryable,
  signatory: { domain: DomainId; id: string },
): Promise<OutboxMessage[]> {
  const { rows } = await db.query<OutboxRow>(
    `SELECT ${COLUMNS} FROM directory.outbox WHERE signatory_domain = $1 AND signatory_id = $2
      ORDER BY created_at DESC, id LIMIT ${LIMIT}`,
    [signatory.domain, signatory.id],
  );
  return rows.map(toMessage);
}
