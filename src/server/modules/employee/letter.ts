/**
 * Safe reminders (e-mail through the mail port) and the activation letter (`activation.pdf`, one
 * page per employee, addressed for a window envelope). pdf-lib's standard Helvetica covers
 * WinAnsi, which holds every French accent.
 */
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import { ALERT_KEYS, SEED_TEXTS } from '../../../contract/keys.ts';
import type { SessionContext } from '../../auth/sessions.ts';
import { schemaOf } from '../../db/db.ts';
import { ApiFailure } from '../../http/errors.ts';
import type { Deps } from '../../http/routes.ts';
import { visibleRows } from './employee.service.ts';
import type { EmployeeRow } from './view.ts';

type Session = Pick<SessionContext, 'userId' | 'domain' | 'baseOrgId' | 'currentOrgId'>;

const idsOf = (body: { id?: string | undefined; ids?: readonly string[] | undefined }): string[] => [
  ...(body.ids ?? []),
  ...(body.id ? [body.id] : []),
];

export async function sendReminders(
  deps: Pick<Deps, 'db' | 'mail' | 'config'>,
  session: Session,
  body: { id?: string | undefined; ids?: readonly string[] | undefined },
): Promise<{ sent: number; lastNotificationAt: string | null }> {
  const rows = await visibleRows(deps.db, session, idsOf(body));
  const withEmail = rows.filter((r) => r.email);
  if (withEmail.length === 0 || (rows.length === 1 && !rows[0]?.email))
    throw new ApiFailure(400, ALERT_KEYS.reminderNeedsEmail, SEED_TEXTS.reminderNeedsEmail);
  const s = schemaOf(session.domain);
  const { outboxIds, at } = await deps.db.tx(async (q) => {
    const ids: string[] = [];
    for (const r of withEmail) {
      ids.push(
        await deps.mail.send(
          {
            to: r.email ?? '',
            subject: 'Rappel : activez votre coffre-fort numérique',
            body: [
              `Bonjour ${r.first_name} ${r.name},`,
              '',
              'Vos bulletins de paie et documents RH vous attendent dans votre coffre-fort numérique personnel.',
              `Pour l’activer, rendez-vous sur ${deps.config.publicUrl} et suivez les instructions reçues.`,
              '',
              'Ce message vous est envoyé par votre employeur.',
            ].join('\n'),
          },
          q,
        ),
      );
    }
    const { rows: updated } = await q.query<{ at: string }>(
      `UPDATE ${s}.employees SET last_notification_at = now() WHERE id = ANY($1::uuid[]) RETURNING last_notification_at AS at`,
      [withEmail.map((r) => r.id)],
    );
    return { outboxIds: ids, at: updated[0]?.at ?? null };
  });
  for (const id of outboxIds) await deps.mail.deliver(id);
  return { sent: withEmail.length, lastNotificationAt: at };
}

const hasPostalAddress = (r: EmployeeRow): boolean =>
  Boolean(r.address?.street?.trim() && r.address.postal?.trim() && r.address.city?.trim());

/** The letter, or null when no selected employee can receive one (no postal address). */
export async function activationLetter(
  deps: Pick<Deps, 'db' | 'config'>,
  session: Session,
  body: { id?: string | undefined; ids?: readonly string[] | undefined },
): Promise<Buffer | null> {
  const rows = (await visibleRows(deps.db, session, idsOf(body))).filter(hasPostalAddress);
  if (rows.length === 0) return null;
  const pdf = await PDFDocument.create();
  pdf.setTitle('Activation de votre coffre-fort numérique');
  pdf.setLanguage('fr-FR');
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const dateText = new Date().toLocaleDateString('fr-FR', { day: 'numeric', month: 'long', year: 'numeric' });
  for (const r of rows) {
    const page = pdf.addPage([595.28, 841.89]);
    const a = r.address;
    let y = 700;
    const recipient = [
      `${r.first_name} ${r.name}`,
      a.street ?? '',
      a.complement ?? '',
      `${a.postal ?? ''} ${a.city ?? ''}`.trim(),
      a.country && a.country !== 'France' ? a.country.toUpperCase() : '',
    ].filter((l) => l.trim() !== '');
    for (const l of recipient) {
      page.drawText(l, { x: 320, y, size: 11, font });
      y -= 15;
    }
    page.drawText(`Le ${dateText}`, { x: 320, y: 600, size: 10, font });
    page.drawText('Objet : activation de votre coffre-fort numérique', { x: 60, y: 550, size: 12, font: bold });
    const paragraphs = [
      `Madame, Monsieur ${r.name},`,
      '',
      'Votre employeur dépose désormais vos bulletins de paie et vos documents RH dans un coffre-fort',
      'numérique personnel, gratuit et qui reste le vôtre, même si vous changez d’employeur.',
      '',
      'Pour l’activer :',
      `  1. rendez-vous sur ${deps.config.publicUrl} ;`,
      `  2. identifiez-vous avec votre adresse e-mail${r.email ? ` (${r.email})` : ''} ;`,
      '  3. choisissez votre mot de passe et acceptez les conditions d’utilisation.',
      '',
      'Vos documents seront alors consultables à tout moment, depuis un ordinateur ou un téléphone.',
      'Sans activation, vous continuerez à recevoir vos documents selon les modalités habituelles.',
      '',
      'Nous vous prions d’agréer, Madame, Monsieur, nos salutations distinguées.',
      '',
      'Le service des ressources humaines',
    ];
    y = 515;
    for (const p of paragraphs) {
      page.drawText(p, { x: 60, y, size: 11, font, color: rgb(0.1, 0.1, 0.1) });
      y -= 17;
    }
  }
  return Buffer.from(await pdf.save());
}
