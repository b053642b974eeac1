/**
 * A signatory's walk: ask for a code (delivered by e-mail, SMS or voice; the outbox otherwise),
 * sign with it, or refuse with a reason. The machine decides first (out of order → 409 with a
 * precise key, nothing changes); a wrong code counts a try that is committed before answering.
 */
import type { SignatureCodeMode } from '../../../contract/enums.ts';
import { ERROR_KEYS } from '../../../contract/keys.ts';
import type { RecoverCodeAnswer, RecoverCodeBody, SignbookView } from '../../../contract/signbook.ts';
import { type SignRefusal, signRefusal, statusOf } from '../../../../machines/signbook/index.ts';
import { type Queryable, schemaOf } from '../../db/db.ts';
import { ApiFailure } from '../../http/errors.ts';
import type { Deps } from '../../http/routes.ts';
import { createDeliveryPort } from '../../ports/delivery.ts';
import { checkCode, issueCode, maskDestination } from './codes.ts';
import { applyEvent } from './lifecycle.ts';
import { type Delivery, publishSignbook, recordRefusalMail, recordStepMails } from './notify.ts';
import { type SignatoryRow, type SignbookRow, type Who, mySignatory, scopedRow, snapshotOf, viewById } from './repo.ts';
import { startSeal } from './seal.job.ts';

export function refusalFailure(why: SignRefusal): ApiFailure {
  if (why === 'not-signatory') return new ApiFailure(403, ERROR_KEYS.signbookNotSignatory);
  if (why === 'already-signed') return new ApiFailure(409, ERROR_KEYS.signbookAlreadySigned);
  if (why === 'not-your-turn') return new ApiFailure(409, ERROR_KEYS.signbookNotYourTurn);
  return new ApiFailure(409, ERROR_KEYS.illegalTransition);
}

/** The caller's signatory row when they may act now; else the precise refusal. */
function actingSignatory(row: SignbookRow, signatories: readonly SignatoryRow[], who: Who): SignatoryRow {
  const mine = mySignatory(signatories, who);
  const why = signRefusal(snapshotOf(row, signatories), mine?.id ?? null);
  if (why || !mine) throw refusalFailure(why ?? 'not-signatory');
  return mine;
}

/** The code's lifetime in words: « 10 minutes », « 1 minute », « 45 secondes ». */
export const lifetimeInWords = (ttlS: number): string =>
  ttlS % 60 === 0 ? `${ttlS / 60} minute${ttlS === 60 ? '' : 's'}` : `${ttlS} seconde${ttlS === 1 ? '' : 's'}`;

const CODE_TEXT: Record<SignatureCodeMode, (code: string, name: string, lifetime: string) => string> = {
  email: (code, name, lifetime) =>
    `Votre code de signature pour « ${name} » est : ${code}\nIl est valable ${lifetime}. Ne le communiquez à personne.`,
  sms: (code, name, lifetime) => `Code de signature ${code} pour « ${name} » (valable ${lifetime}).`,
  voicemail: (code, name) =>
    `Bonjour. Votre code de signature pour ${name} est : ${code.split('').join(', ')}. Je répète : ${code.split('').join(', ')}.`,
};

/** Where the pending code went by phone: a new code asked after a reload does not know the typed phone. */
async function pendingPhone(q: Queryable, s: string, signatoryId: string): Promise<string | null> {
  const { rows } = await q.query<{ destination: string }>(
    `SELECT destination FROM ${s}.signature_codes WHERE signatory_id = $1 AND channel <> 'email'`,
    [signatoryId],
  );
  return rows[0]?.destination ?? null;
}

export async function recoverCode(
  deps: Deps,
  session: Who,
  id: string,
  body: RecoverCodeBody,
): Promise<RecoverCodeAnswer> {
  const delivery = createDeliveryPort(deps.db, deps.mail);
  const s = schemaOf(session.domain);
  const { answer, deliver } = await deps.db.tx(async (q) => {
    const { row, signatories } = await scopedRow(q, session, id, true);
    const mine = actingSignatory(row, signatories, session);
    const to =
      body.mode === 'email' ? mine.email : body.phone?.trim() || (await pendingPhone(q, s, mine.id)) || mine.phone;
    if (!to) {
      throw new ApiFailure(
        400,
        body.mode === 'email' ? ERROR_KEYS.signbookSignatoryWithoutEmail : ERROR_KEYS.signatureCodeNoPhone,
      );
    }
    const { code, expiresAt } = await issueCode(
      q,
      session.domain,
      {
        signbookId: row.id,
        signatoryId: mine.id,
        channel: body.mode,
        destination: to,
      },
      deps.config.signatureCodeTtlS,
    );
    const deliver = await delivery.record(q, {
      channel: body.mode,
      to,
      for: { userId: mine.user_id, signatory: { domain: session.domain, id: mine.id } },
      subject: `Code de signature : ${row.name}`,
      body: CODE_TEXT[body.mode](code, row.name, lifetimeInWords(deps.config.signatureCodeTtlS)),
    });
    const answer: RecoverCodeAnswer = {
      mode: body.mode,
      to: maskDestination(body.mode, to),
      expiresAt: expiresAt.toISOString(),
      outbox: deps.config.demoOutbox && !delivery.delivers(body.mode),
    };
    return { answer, deliver };
  });
  await deliver().catch(() => undefined);
  return answer;
}

export async function sign(deps: Deps, session: Who, id: string, code: string): Promise<SignbookView> {
  const s = schemaOf(session.domain);
  const outcome = await deps.db.tx(async (q) => {
    const { row, signatories } = await scopedRow(q, session, id, true);
    const mine = actingSignatory(row, signatories, session);
    const check = await checkCode(q, session.domain, mine.id, code);
    if (!check.ok) return { failure: check.failure };
    await q.query(`UPDATE ${s}.signatories SET state = 'signed', signed_at = now(), code_channel = $2 WHERE id = $1`, [
      mine.id,
      check.channel,
    ]);
    const { next, emitted } = await applyEvent(q, session.domain, row, signatories, {
      type: 'signatory.sign',
      signatoryId: mine.id,
    });
    const deliveries: Delivery[] = [];
    for (const e of emitted) {
      if (e.type === 'signbook.stepStarted') {
        deliveries.push(
          ...(await recordStepMails(q, session.domain, deps.mail, deps.config.publicUrl, row, signatories, e.step)),
        );
      }
    }
    return { row, sealing: statusOf(next) === 'SEALING', deliveries };
  });
  if ('failure' in outcome) throw outcome.failure;
  await publishSignbook(deps, session.domain, id, outcome.row.organization_id, outcome.deliveries);
  if (outcome.sealing) await startSeal(deps, { domain: session.domain, signbookId: id });
  return viewById(deps.db, session, id);
}

export async function refuse(deps: Deps, session: Who, id: string, reason: string): Promise<SignbookView> {
  const s = schemaOf(session.domain);
  const { row, deliveries } = await deps.db.tx(async (q) => {
    const { row, signatories } = await scopedRow(q, session, id, true);
    const mine = actingSignatory(row, signatories, session);
    await q.query(`UPDATE ${s}.signatories SET state = 'refused', refusal_reason = $2 WHERE id = $1`, [
      mine.id,
      reason,
    ]);
    await applyEvent(q, session.domain, row, signatories, { type: 'signatory.refuse', signatoryId: mine.id, reason });
    await q.query(`DELETE FROM ${s}.signature_codes WHERE signbook_id = $1`, [row.id]);
    return { row, deliveries: await recordRefusalMail(q, deps.mail, row, mine, reason) };
  });
  await publishSignbook(deps, session.domain, id, row.organization_id, deliveries);
  return viewById(deps.db, session, id);
}
