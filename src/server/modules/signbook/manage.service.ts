/** The creator's side: update (or start) a signbook, delete it, retry a failed sealing. The machine decides. */
import type { SignbookUpdateBody, SignbookView } from '../../../contract/signbook.ts';
import type { SessionContext } from '../../auth/sessions.ts';
import { schemaOf } from '../../db/db.ts';
import type { Deps } from '../../http/routes.ts';
import { assertSignatureSubscribed } from '../hrdesk/subscription.ts';
import { applyEvent } from './lifecycle.ts';
import { type Delivery, publishSignbook, recordStepMails } from './notify.ts';
import { managedRow, viewById } from './repo.ts';
import { startSeal } from './seal.job.ts';

export async function update(
  deps: Deps,
  session: SessionContext,
  id: string,
  body: SignbookUpdateBody,
): Promise<SignbookView> {
  const s = schemaOf(session.domain);
  const { row, deliveries } = await deps.db.tx(async (q) => {
    const { row, signatories } = await managedRow(q, session, id, true);
    // Sending a draft to its signatories is part of the signature subscription, like creating one.
    if (body.start) await assertSignatureSubscribed(q, session.domain, row.organization_id);
    const { emitted } = await applyEvent(q, session.domain, row, signatories, {
      type: body.start ? 'signbook.start' : 'signbook.update',
    });
    await q.query(
      `UPDATE ${s}.signbooks SET name = coalesce($2, name), send_to_personal_safe = coalesce($3, send_to_personal_safe)
        WHERE id = $1`,
      [row.id, body.name ?? null, body.sendToPersonalSafe ?? null],
    );
    const deliveries: Delivery[] = [];
    for (const e of emitted) {
      if (e.type === 'signbook.stepStarted') {
        deliveries.push(
          ...(await recordStepMails(q, session.domain, deps.mail, deps.config.publicUrl, row, signatories, e.step)),
        );
      }
    }
    return { row, deliveries };
  });
  await publishSignbook(deps, session.domain, id, row.organization_id, deliveries);
  return viewById(deps.db, session, id);
}

export async function remove(deps: Deps, session: SessionContext, id: string): Promise<void> {
  const row = await deps.db.tx(async (q) => {
    const { row, signatories } = await managedRow(q, session, id, true);
    await applyEvent(q, session.domain, row, signatories, { type: 'signbook.delete' });
    return row;
  });
  deps.push.signbookRemoved(session.domain, id);
  await deps.push.refreshBadges({ domain: session.domain, orgId: row.organization_id });
}

export async function retrySeal(deps: Deps, session: SessionContext, id: string): Promise<SignbookView> {
  const row = await deps.db.tx(async (q) => {
    const { row, signatories } = await managedRow(q, session, id, true);
    await applyEvent(q, session.domain, row, signatories, { type: 'signbook.retrySeal' });
    return row;
  });
  await publishSignbook(deps, session.domain, id, row.organization_id);
  await startSeal(deps, { domain: session.domain, signbookId: id });
  return viewById(deps.db, session, id);
}
