/**
 * Demo signbooks and templates. The admin persona has one signbook waiting for their signature
 * (the "to sign" badge), the payroll officer one waiting for others, plus complete, refused and
 * draft ones; in the legacy domain the two-domain persona has one to sign.
 */
import type { SignatoryState, SignatoryType, SignbookStatus } from '../../../contract/enums.ts';
import { pdfFileRow } from './files.ts';
import { demoId } from './ids.ts';
import { insertRows, type Row } from './insert.ts';
import { findOrg } from './orgs.ts';
import type { DemoEmployee } from './people.ts';
import { personaByLogin, ROOT_LEGACY } from './personas.ts';
import type { SeedContext } from './workflows.ts';

type Party = { kind: 'employee'; index: number } | { kind: 'user'; login: string } | { kind: 'external' };
interface StepSpec {
  party: Party;
  state: SignatoryState;
  refusal?: string;
}
interface SignbookSpec {
  key: string;
  title: string;
  status: SignbookStatus;
  template: 'contract' | null;
  docType: string;
  currentStep: number;
  createdDaysAgo: number;
  createdBy: string;
  steps: StepSpec[];
}

const daysAgo = (now: Date, days: number): string => new Date(now.getTime() - days * 86_400_000).toISOString();

const MAIN_SIGNBOOKS: SignbookSpec[] = [
  {
    key: 'telework',
    title: 'Avenant télétravail',
    status: 'IN_PROGRESS',
    template: 'contract',
    docType: 'CONTRAT_TRAVAIL',
    currentStep: 1,
    createdDaysAgo: 3,
    createdBy: 'paie',
    steps: [
      { party: { kind: 'employee', index: 0 }, state: 'signed' },
      { party: { kind: 'user', login: 'admin' }, state: 'waiting' },
    ],
  },
  {
    key: 'cdi',
    title: 'Contrat CDI',
    status: 'IN_PROGRESS',
    template: 'contract',
    docType: 'CONTRAT_TRAVAIL',
    currentStep: 1,
    createdDaysAgo: 5,
    createdBy: 'paie',
    steps: [
      { party: { kind: 'user', login: 'paie' }, state: 'signed' },
      { party: { kind: 'employee', index: 1 }, state: 'waiting' },
    ],
  },
  {
    key: 'cdd',
    title: 'Contrat CDD',
    status: 'COMPLETE',
    template: 'contract',
    docType: 'CONTRAT_TRAVAIL',
    currentStep: 1,
    createdDaysAgo: 21,
    createdBy: 'admin',
    steps: [
      { party: { kind: 'user', login: 'admin' }, state: 'signed' },
      { party: { kind: 'employee', index: 2 }, state: 'signed' },
    ],
  },
  {
    key: 'rupture',
    title: 'Rupture conventionnelle',
    status: 'REFUSED',
    template: null,
    docType: 'CONTRAT_TRAVAIL',
    currentStep: 0,
    createdDaysAgo: 12,
    createdBy: 'admin',
    steps: [{ party: { kind: 'employee', index: 3 }, state: 'refused', refusal: "Montant de l'indemnité à revoir" }],
  },
  {
    key: 'promesse',
    title: "Promesse d'embauche",
    status: 'DRAFT',
    template: 'contract',
    docType: 'CONTRAT_TRAVAIL',
    currentStep: 0,
    createdDaysAgo: 1,
    createdBy: 'admin',
    steps: [
      { party: { kind: 'user', login: 'admin' }, state: 'waiting' },
      { party: { kind: 'external' }, state: 'waiting' },
    ],
  },
];

const LEGACY_SIGNBOOKS: SignbookSpec[] = [
  {
    key: 'reglement',
    title: 'Règlement intérieur',
    status: 'IN_PROGRESS',
    template: null,
    docType: 'NOTE_SERVICE',
    currentStep: 0,
    createdDaysAgo: 2,
    createdBy: 'multi',
    steps: [
      { party: { kind: 'user', login: 'multi' }, state: 'waiting' },
      { party: { kind: 'employee', index: 0 }, state: 'waiting' },
    ],
  },
];

export async function seedSignbooks(ctx: SeedContext): Promise<void> {
  const { domain, now } = ctx;
  const org = findOrg(domain, domain === 'main' ? 'Horizon Services Paris' : ROOT_LEGACY);
  const people = ctx.employees.filter((e) => e.mainOrgId === org.id && e.email !== null);
  const templateId = demoId(`sign-template:${domain}:contract`);
  const templates: Row[] = [
    {
      id: templateId,
      organization_id: org.id,
      name: 'Contrat de travail — RH puis salarié',
      doc_types: ['CONTRAT_TRAVAIL'],
      steps: JSON.stringify([
        { signatoryType: 'user' satisfies SignatoryType, signatories: [{ userId: ctx.userId('admin') }] },
        { signatoryType: 'employee' satisfies SignatoryType, signatories: [] },
      ]),
    },
    {
      id: demoId(`sign-template:${domain}:note`),
      organization_id: org.id,
      name: 'Note de service — salarié',
      doc_types: ['NOTE_SERVICE'],
      steps: JSON.stringify([{ signatoryType: 'employee' satisfies SignatoryType, signatories: [] }]),
    },
  ];
  if (domain === 'main') {
    // A social signer (seed 000 §5): the director signs for the company once payroll has signed first.
    templates.push({
      id: demoId(`sign-template:${domain}:amendment`),
      organization_id: org.id,
      name: 'Avenant — paie puis signataire social',
      doc_types: ['CONTRAT_TRAVAIL'],
      steps: JSON.stringify([
        { signatoryType: 'user' satisfies SignatoryType, signatories: [{ userId: ctx.userId('paie') }] },
        {
          signatoryType: 'socialSigner' satisfies SignatoryType,
          signatories: [{ userId: ctx.userId('admin'), authorizedUserIds: [ctx.userId('paie')] }],
        },
      ]),
    });
  }
  const files: Row[] = [];
  const signbooks: Row[] = [];
  const signatories: Row[] = [];
  for (const spec of domain === 'main' ? MAIN_SIGNBOOKS : LEGACY_SIGNBOOKS) {
    const id = demoId(`signbook:${domain}:${spec.key}`);
    const employeeParty = spec.steps.map((s) => s.party).find((p) => p.kind === 'employee');
    const subject = employeeParty?.kind === 'employee' ? people[employeeParty.index] : undefined;
    const name = subject ? `${spec.title} — ${subject.firstName} ${subject.name}` : spec.title;
    const file = pdfFileRow(`${domain}:signbook:${spec.key}`, `${name}.pdf`, [spec.title, org.name, name]);
    files.push(file);
    const signed =
      spec.status === 'COMPLETE'
        ? pdfFileRow(`${domain}:signbook:${spec.key}:signed`, `${name} (signé).pdf`, [
            spec.title,
            org.name,
            name,
            'Document signé électroniquement',
          ])
        : null;
    if (signed) files.push(signed);
    signbooks.push({
      id,
      organization_id: org.id,
      template_id: spec.template ? templateId : null,
      name,
      status: spec.status,
      send_to_personal_safe: spec.status !== 'DRAFT',
      current_step: spec.currentStep,
      file_id: file.id,
      signed_file_id: signed?.id ?? null,
      doc_type_code: spec.docType,
      created_by: ctx.userId(spec.createdBy),
      created_at: daysAgo(now, spec.createdDaysAgo),
      completed_at: spec.status === 'COMPLETE' ? daysAgo(now, spec.createdDaysAgo - 4) : null,
    });
    spec.steps.forEach((step, stepIndex) => {
      signatories.push({
        id: demoId(`signatory:${domain}:${spec.key}:${stepIndex}`),
        signbook_id: id,
        step_index: stepIndex,
        ...partyColumns(step.party, people, ctx),
        state: step.state,
        signed_at: step.state === 'signed' ? daysAgo(now, spec.createdDaysAgo - 1 - stepIndex) : null,
        refusal_reason: step.refusal ?? null,
      });
    });
  }
  await insertRows(ctx.q, `${ctx.schema}.files`, files);
  await insertRows(ctx.q, `${ctx.schema}.sign_templates`, templates);
  await insertRows(ctx.q, `${ctx.schema}.signbooks`, signbooks);
  await insertRows(ctx.q, `${ctx.schema}.signatories`, signatories);
}

function partyColumns(party: Party, people: readonly DemoEmployee[], ctx: SeedContext): Row {
  if (party.kind === 'employee') {
    const e = people[party.index]!;
    return {
      type: 'employee',
      employee_id: e.id,
      user_id: null,
      name: e.name,
      first_name: e.firstName,
      email: e.email,
      phone: e.phone,
    };
  }
  if (party.kind === 'user') {
    const p = personaByLogin(party.login)!;
    return {
      type: 'user',
      employee_id: null,
      user_id: ctx.userId(p.login),
      name: p.lastName,
      first_name: p.firstName,
      email: p.email,
      phone: null,
    };
  }
  return {
    type: 'external',
    employee_id: null,
    user_id: null,
    name: 'Lemaire',
    first_name: 'Agathe',
    email: 'agathe.lemaire@cabinet-conseil-demo.fr',
    phone: '06 45 12 78 90',
  };
}
