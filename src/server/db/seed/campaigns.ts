/** The demo campaigns of each domain: one per status a campaign list screen filters on. */
import type { DomainId } from '../../../contract/constants.ts';
import type { CampaignStatus, DispatchedDocStatus, DispatchFailureCause } from '../../../contract/enums.ts';
import type { DemoEmployee } from './people.ts';
import { ROOT_LEGACY, ROOT_MAIN, ROOT_TRIAL } from './personas.ts';

export interface DocOutcome {
  status: DispatchedDocStatus;
  reason?: string;
  failureCause?: DispatchFailureCause;
  postal?: boolean;
}

export interface CampaignSpec {
  key: string;
  name: string;
  org: string;
  status: CampaignStatus;
  docType: string;
  docLabel: string;
  createdDaysAgo: number;
  sent: boolean;
  createdBy: string;
  canRetry?: boolean;
  canDelete?: boolean;
  limit?: number;
  outcome: (e: DemoEmployee, i: number) => DocOutcome;
  /** A row without a recipient: the page named an unknown employee. */
  unknownRecipient?: boolean;
}

export const frMonth = (date: Date): string =>
  new Intl.DateTimeFormat('fr-FR', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(date);
export const monthStart = (now: Date, back: number): Date =>
  new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
const payslipOutcome = (e: DemoEmployee, i: number): DocOutcome => {
  if (e.bpeAgreement === 'REFUSED')
    return { status: 'NOT_DISPATCHED', failureCause: 'EMP_BPE_REFUSAL', reason: 'Refus de la dématérialisation' };
  if (e.safeStatus === 'NOT_CREATED') return { status: 'WAITING_FOR_USER_REGISTRATION' };
  if (i % 11 === 3) return { status: 'PAPER_DISPATCHED', postal: true };
  return { status: 'DISPATCHED' };
};

export function campaignSpecs(domain: DomainId, now: Date, userId: (login: string) => string): CampaignSpec[] {
  const last = frMonth(monthStart(now, 1));
  const current = frMonth(monthStart(now, 0));
  const admin = userId('admin');
  const paie = userId('paie');
  if (domain === 'legacy') {
    const multi = userId('multi');
    return [
      {
        key: 'legacy-validation',
        name: `Bulletins de paie ${current}`,
        org: ROOT_LEGACY,
        status: 'NEEDS_VALIDATION',
        docType: 'BULLETIN_PAIE',
        docLabel: 'Bulletin de paie',
        createdDaysAgo: 1,
        sent: false,
        createdBy: multi,
        outcome: () => ({ status: 'NEEDS_DISPATCHING' }),
      },
      {
        key: 'legacy-dispatched',
        name: `Bulletins de paie ${last}`,
        org: ROOT_LEGACY,
        status: 'DISPATCHED',
        docType: 'BULLETIN_PAIE',
        docLabel: 'Bulletin de paie',
        createdDaysAgo: 30,
        sent: true,
        createdBy: multi,
        outcome: payslipOutcome,
      },
    ];
  }
  return [
    {
      key: 'main-dispatched',
      name: `Bulletins de paie ${last}`,
      org: 'Horizon Services Paris',
      status: 'DISPATCHED',
      docType: 'BULLETIN_PAIE',
      docLabel: 'Bulletin de paie',
      createdDaysAgo: 28,
      sent: true,
      createdBy: paie,
      outcome: payslipOutcome,
      unknownRecipient: true,
    },
    {
      key: 'main-validation',
      name: `Bulletins de paie ${current} — Lyon`,
      org: 'Horizon Logistique Lyon',
      status: 'NEEDS_VALIDATION',
      docType: 'BULLETIN_PAIE',
      docLabel: 'Bulletin de paie',
      createdDaysAgo: 0,
      sent: false,
      createdBy: paie,
      outcome: (_, i) =>
        i % 17 === 5
          ? { status: 'CANT_AUTO_ATTACH_EMP_TO_ORG', reason: 'Salarié non rattaché à l’organisation' }
          : { status: 'NEEDS_DISPATCHING' },
    },
    {
      key: 'main-error-retry',
      name: 'Attestations employeur — Marseille',
      org: 'Horizon Santé Marseille',
      status: 'IN_ERROR',
      canRetry: true,
      docType: 'ATTESTATION_EMPLOYEUR',
      docLabel: 'Attestation employeur',
      createdDaysAgo: 6,
      sent: true,
      createdBy: admin,
      limit: 20,
      outcome: (_, i) =>
        i % 4 === 1
          ? { status: 'NOT_DISPATCHED', failureCause: 'EDOCPERSO_ERROR', reason: 'Coffre-fort indisponible' }
          : { status: 'DISPATCHED' },
    },
    {
      key: 'main-error-delete',
      name: 'Contrats saisonniers — Entrepôt Nord',
      org: 'Horizon Logistique Entrepôt Nord',
      status: 'IN_ERROR',
      canDelete: true,
      docType: 'CONTRAT_TRAVAIL',
      docLabel: 'Contrat de travail',
      createdDaysAgo: 9,
      sent: true,
      createdBy: paie,
      limit: 12,
      outcome: (_, i) =>
        i < 8
          ? { status: 'DISPATCHED' }
          : i < 10
            ? { status: 'CANT_CREATE_DOC_ERROR', reason: 'Limite de documents atteinte' }
            : { status: 'NOT_DISPATCHED', failureCause: 'NO_DOC_FOUND', reason: 'Aucun document trouvé' },
    },
    {
      key: 'main-refused',
      name: "Note de service — horaires d'été",
      org: ROOT_MAIN,
      status: 'REFUSED',
      docType: 'NOTE_SERVICE',
      docLabel: 'Note de service',
      createdDaysAgo: 15,
      sent: false,
      createdBy: admin,
      limit: 10,
      outcome: () => ({ status: 'REFUSED', reason: 'Document erroné, à refaire' }),
    },
    {
      key: 'main-canceled',
      name: 'Bulletins rectificatifs',
      org: 'Horizon Services Paris',
      status: 'CANCELED',
      docType: 'BULLETIN_PAIE',
      docLabel: 'Bulletin de paie',
      createdDaysAgo: 20,
      sent: false,
      createdBy: paie,
      limit: 5,
      outcome: () => ({ status: 'CANCELED' }),
    },
    {
      key: 'main-dispatching',
      name: `Bulletins de paie ${current} — Marseille`,
      org: 'Horizon Santé Marseille',
      status: 'DISPATCHING',
      docType: 'BULLETIN_PAIE',
      docLabel: 'Bulletin de paie',
      createdDaysAgo: 0,
      sent: true,
      createdBy: paie,
      outcome: (_, i) => (i < 25 ? { status: 'DISPATCHED' } : { status: 'DISPATCHING' }),
    },
    {
      key: 'trial-dispatched',
      name: `Bulletins de paie ${last}`,
      org: ROOT_TRIAL,
      status: 'DISPATCHED',
      docType: 'BULLETIN_PAIE',
      docLabel: 'Bulletin de paie',
      createdDaysAgo: 25,
      sent: true,
      createdBy: userId('essai'),
      outcome: () => ({ status: 'DISPATCHED' }),
    },
  ];
}
