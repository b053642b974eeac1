/**
 * The campaign's « Personnes à prévenir »: when `on_refuse` is set and documents are refused at
 * verification, or `on_error` is set and documents end a distribution not distributed, each chosen
 * user (`users_to_notify`) gets an e-mail (recorded in the outbox in the caller's transaction,
 * delivered after commit) and an entry in the notifications panel (`notification.upserted` to
 * their user room, a translation key with its values). Users without an e-mail address still get
 * the panel entry; a user no longer active gets nothing.
 */
import { randomUUID } from 'node:crypto';
import type { DomainId } from '../../../contract/constants.ts';
import type { Notification } from '../../../contract/entities.ts';
import { type Queryable, schemaOf } from '../../db/db.ts';
import type { MailPort } from '../../ports/mail.ts';
import type { Push } from '../../push/push.ts';

export type CampaignAlertKind = 'refused' | 'not-distributed';

export interface CampaignAlert {
  readonly kind: CampaignAlertKind;
  /** How many documents were refused / not distributed. */
  readonly count: number;
  /** The operator's reason (refusals). */
  readonly reason?: string;
}

/** What a recorded alert still has to do once the transaction committed. */
export type AlertDelivery = () => Promise<void>;

/** The panel's text keys (src/web/i18n/locales). */
export const ALERT_KEYS: Record<CampaignAlertKind, string> = {
  refused: 'campaigns.alerts.refused',
  'not-distributed': 'campaigns.alerts.notDistributed',
};

const campaignLink = (publicUrl: string, id: string) => `${publicUrl}/campaigns/${id}`;

const plural = (n: number, one: string, many: string) => (n > 1 ? many : one);

function mailText(alert: CampaignAlert, campaignName: string, link: string): { subject: string; body: string } {
  const n = alert.count;
  if (alert.kind === 'refused') {
    return {
      subject: `Documents refusés : ${campaignName}`,
      body:
        `Bonjour,\n\n${n} ${plural(n, 'document a été refusé', 'documents ont été refusés')} à la vérification ` +
        `dans la campagne « ${campaignName} ».` +
        (alert.reason ? `\nMotif : ${alert.reason}` : '') +
        `\n\nPour voir la campagne : ${link}`,
    };
  }
  return {
    subject: `Documents non distribués : ${campaignName}`,
    body:
      `Bonjour,\n\n${n} ${plural(n, "document n'a pas été distribué", "documents n'ont pas été distribués")} ` +
      `dans la campagne « ${campaignName} ».\n\nPour voir la campagne et les motifs : ${link}`,
  };
}

/**
 * Records the e-mails of `alert` for the campaign's chosen users when the campaign asked for them
 * (`on_refuse` / `on_error`), in `q`'s transaction; returns what to do after commit (deliver the
 * mails, push the panel entries). Nothing when the option is off, nobody is chosen or count is 0.
 */
export async function recordCampaignAlert(
  q: Queryable,
  deps: { mail?: MailPort | undefined; push: Push; publicUrl?: string | undefined },
  domain: DomainId,
  campaignId: string,
  alert: CampaignAlert,
): Promise<AlertDelivery> {
  if (alert.count <= 0) return async () => undefined;
  const { rows } = await q.query<{ name: string; on_refuse: boolean; on_error: boolean; users_to_notify: string[] }>(
    `SELECT name, on_refuse, on_error, users_to_notify FROM ${schemaOf(domain)}.campaigns WHERE id = $1`,
    [campaignId],
  );
  const campaign = rows[0];
  if (!campaign) return async () => undefined;
  const wanted = alert.kind === 'refused' ? campaign.on_refuse : campaign.on_error;
  if (!wanted || campaign.users_to_notify.length === 0) return async () => undefined;
  const { rows: users } = await q.query<{ id: string; email: string | null }>(
    `SELECT id, email FROM directory.users WHERE id = ANY($1::uuid[]) AND active ORDER BY id`,
    [campaign.users_to_notify],
  );
  const { subject, body } = mailText(alert, campaign.name, campaignLink(deps.publicUrl ?? '', campaignId));
  const mails: string[] = [];
  if (deps.mail) {
    for (const user of users.filter((u) => u.email)) {
      mails.push(await deps.mail.send({ to: user.email!, for: { userId: user.id }, subject, body }, q));
    }
  }
  const notification: Omit<Notification, 'id'> = {
    text: ALERT_KEYS[alert.kind],
    percentage: 100,
    type: 'campaign',
    state: 'error',
    cancelToken: null,
    values: {
      campaign: campaign.name,
      count: alert.count,
      campaignId,
      ...(alert.reason ? { reason: alert.reason } : {}),
    },
  };
  return async () => {
    for (const id of mails) await deps.mail?.deliver(id).catch(() => undefined);
    const id = `campaign-alert-${randomUUID()}`;
    for (const user of users) deps.push.publishToUser(user.id, 'notification.upserted', { id, ...notification });
  };
}
