/**
 * What a signbook's change tells people: the next step's signatories get an e-mail (recorded in the
 * caller's transaction, delivered after commit) and, like every open view, the `signbook.updated`
 * push (org room: a neutral view; each signatory's user room: their own view; each connected guest
 * signatory's socket: the view its link's route answers, nothing when that route would refuse); the creator hears of a
 * refusal; badges are refreshed for the organisation.
 */
import type { DomainId } from '../../../contract/constants.ts';
import type { Queryable } from '../../db/db.ts';
import type { MailPort } from '../../ports/mail.ts';
import type { Push } from '../../push/push.ts';
import { issueGuestToken } from './guest.ts';
import { getSignbook } from './read.service.ts';
import { type SignatoryRow, type SignbookRow, signatoriesOf, signbookRow, viewsOf } from './repo.ts';

export type Delivery = () => Promise<void>;

const link = (publicUrl: string, id: string) => `${publicUrl}/signworkflows/status/in-progress/to-sign/${id}`;
/** The guest page (no back-office menu) for a signatory without an account. */
export const guestLink = (publicUrl: string, token: string) => `${publicUrl}/signworkflows/guest/${token}`;

/** Mails the signatories of `step` that it is their turn. */
export async function recordStepMails(
  q: Queryable,
  domain: DomainId,
  mail: MailPort,
  publicUrl: string,
  row: Pick<SignbookRow, 'id' | 'name'>,
  signatories: readonly SignatoryRow[],
  step: number,
): Promise<Delivery[]> {
  const deliveries: Delivery[] = [];
  for (const g of signatories.filter((s) => s.step_index === step && s.state === 'waiting' && s.email)) {
    const url = g.user_id ? link(publicUrl, row.id) : guestLink(publicUrl, await issueGuestToken(q, domain, g.id));
    const id = await mail.send(
      {
        to: g.email!,
        for: { userId: g.user_id, signatory: { domain, id: g.id } },
        subject: `Document à signer : ${row.name}`,
        body:
          `Bonjour ${g.first_name} ${g.name},\n\nLe document « ${row.name} » attend votre signature ` +
          `(étape ${step + 1}).\nPour le lire et le signer : ${url}\n\n` +
          `Un code de signature vous sera envoyé par e-mail, SMS ou message vocal, au choix.`,
      },
      q,
    );
    deliveries.push(() => mail.deliver(id));
  }
  return deliveries;
}

/** Tells the creator that a signatory refused, and why. */
export async function recordRefusalMail(
  q: Queryable,
  mail: MailPort,
  row: Pick<SignbookRow, 'name' | 'created_by'>,
  refuser: SignatoryRow,
  reason: string,
): Promise<Delivery[]> {
  if (!row.created_by) return [];
  const { rows } = await q.query<{ email: string | null }>(`SELECT email FROM directory.users WHERE id = $1`, [
    row.created_by,
  ]);
  const to = rows[0]?.email;
  if (!to) return [];
  const id = await mail.send(
    {
      to,
      for: { userId: row.created_by },
      subject: `Signature refusée : ${row.name}`,
      body: `${refuser.first_name} ${refuser.name} a refusé de signer « ${row.name} ».\nMotif : ${reason}`,
    },
    q,
  );
  return [() => mail.deliver(id)];
}

/** After commit: runs the deliveries, pushes the signbook to its rooms and refreshes badges. */
export async function publishSignbook(
  deps: { db: Queryable; push: Push },
  domain: DomainId,
  signbookId: string,
  organizationId: string,
  deliveries: readonly Delivery[] = [],
): Promise<void> {
  for (const deliver of deliveries) await deliver().catch(() => undefined);
  const row = await signbookRow(deps.db, domain, signbookId);
  if (row) {
    const signatories = await signatoriesOf(deps.db, domain, [row.id]);
    const [neutral] = await viewsOf(deps.db, { userId: '', domain }, [row]);
    deps.push.publishToOrg(domain, row.organization_id, 'signbook.updated', neutral!);
    for (const userId of new Set(signatories.map((g) => g.user_id).filter((u): u is string => u !== null))) {
      const [own] = await viewsOf(deps.db, { userId, domain }, [row]);
      deps.push.publishToUser(userId, 'signbook.updated', own!);
    }
    // Exactly what `GET /sign-workflow/guest/{token}` answers that signatory (null where it would refuse).
    await deps.push.publishToGuests(domain, row.id, 'signbook.updated', (signatoryId) =>
      getSignbook(deps.db, { userId: '', domain, signatoryId }, row.id),
    );
  }
  await deps.push.refreshBadges({ domain, orgId: organizationId });
}
