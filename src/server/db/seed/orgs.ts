/** The demo organisation trees, one per domain, with valid SIRETs derived from fixed numbers. */
import type { DomainId } from '../../../contract/constants.ts';
import { demoId } from './ids.ts';
import type { Region } from './names.ts';
import { ROOT_LEGACY, ROOT_MAIN, ROOT_TRIAL } from './personas.ts';
import { makeSiret } from './siret.ts';

export interface DemoOrg {
  id: string;
  domain: DomainId;
  name: string;
  parentName: string | null;
  siret: string;
  street: string;
  zipCode: string;
  city: string;
  reference: string;
  billingReference: string;
  internalFolderCode: string;
  payeDomainId: string | null;
  subscribeToSignature: boolean;
  region: Region;
  /** Employees generated with this organisation as their main one. */
  headcount: number;
  /** Prefix of registration numbers (matricules). */
  matriculePrefix: string;
}

type OrgSpec = Omit<DemoOrg, 'id' | 'siret' | 'domain'> & { siren8: string; nic4: string };

const spec = (domain: DomainId, s: OrgSpec): DemoOrg => {
  const { siren8, nic4, ...rest } = s;
  return { ...rest, domain, id: orgId(domain, s.name), siret: makeSiret(siren8, nic4) };
};

export const orgId = (domain: DomainId, name: string): string => demoId(`org:${domain}:${name}`);

const base = { payeDomainId: null, subscribeToSignature: false } as const;

export const MAIN_ORGS: readonly DemoOrg[] = [
  spec('main', {
    ...base,
    name: ROOT_MAIN,
    parentName: null,
    siren8: '81245367',
    nic4: '0001',
    street: '18 rue de la Boétie',
    zipCode: '75008',
    city: 'Paris',
    reference: 'HZN-000',
    billingReference: 'FAC-HZN-000',
    internalFolderCode: 'D-HZN',
    subscribeToSignature: true,
    region: 'paris',
    headcount: 30,
    matriculePrefix: 'HZG',
  }),
  spec('main', {
    ...base,
    name: 'Horizon Services Paris',
    parentName: ROOT_MAIN,
    siren8: '81245367',
    nic4: '0002',
    street: '42 boulevard Voltaire',
    zipCode: '75011',
    city: 'Paris',
    reference: 'HZN-PAR',
    billingReference: 'FAC-HZN-001',
    internalFolderCode: 'D-HZN-PAR',
    subscribeToSignature: true,
    region: 'paris',
    headcount: 90,
    matriculePrefix: 'HSP',
  }),
  spec('main', {
    ...base,
    name: 'Horizon Logistique Lyon',
    parentName: ROOT_MAIN,
    siren8: '81245367',
    nic4: '0003',
    street: '7 avenue Jean Jaurès',
    zipCode: '69007',
    city: 'Lyon',
    reference: 'HZN-LYO',
    billingReference: 'FAC-HZN-002',
    internalFolderCode: 'D-HZN-LYO',
    // Payroll-managed: its employee data comes from the payroll system (seed 000: read-only message).
    payeDomainId: 'PAYE-HZN-LYO',
    region: 'lyon',
    headcount: 70,
    matriculePrefix: 'HLL',
  }),
  spec('main', {
    ...base,
    name: 'Horizon Logistique Entrepôt Nord',
    parentName: 'Horizon Logistique Lyon',
    siren8: '81245367',
    nic4: '0004',
    street: '3 rue des Acacias',
    zipCode: '59810',
    city: 'Lesquin',
    reference: 'HZN-LYO-NRD',
    billingReference: 'FAC-HZN-003',
    internalFolderCode: 'D-HZN-NRD',
    region: 'nord',
    headcount: 60,
    matriculePrefix: 'HLN',
  }),
  spec('main', {
    ...base,
    name: 'Horizon Santé Marseille',
    parentName: ROOT_MAIN,
    siren8: '81245367',
    nic4: '0005',
    street: '120 boulevard Michelet',
    zipCode: '13008',
    city: 'Marseille',
    reference: 'HZN-MRS',
    billingReference: 'FAC-HZN-004',
    internalFolderCode: 'D-HZN-MRS',
    region: 'marseille',
    headcount: 60,
    matriculePrefix: 'HSM',
  }),
  spec('main', {
    ...base,
    name: ROOT_TRIAL,
    parentName: null,
    siren8: '90318274',
    nic4: '0001',
    street: '5 place du Parlement',
    zipCode: '33000',
    city: 'Bordeaux',
    reference: 'BLO-001',
    billingReference: 'FAC-BLO-001',
    internalFolderCode: 'D-BLO',
    region: 'bordeaux',
    headcount: 6,
    matriculePrefix: 'BLO',
  }),
];

export const LEGACY_ORGS: readonly DemoOrg[] = [
  spec('legacy', {
    ...base,
    name: ROOT_LEGACY,
    parentName: null,
    siren8: '38291045',
    nic4: '0001',
    street: '14 quai de la Fosse',
    zipCode: '44000',
    city: 'Nantes',
    reference: 'MF-000',
    billingReference: 'FAC-MF-000',
    internalFolderCode: 'D-MF',
    // The legacy company signs (its demo has signbooks): its root holds the signature subscription.
    subscribeToSignature: true,
    region: 'nantes',
    headcount: 16,
    matriculePrefix: 'MF',
  }),
  spec('legacy', {
    ...base,
    name: 'Martin & Fils Atelier Rezé',
    parentName: ROOT_LEGACY,
    siren8: '38291045',
    nic4: '0002',
    street: '9 rue Jules Ferry',
    zipCode: '44400',
    city: 'Rezé',
    reference: 'MF-REZ',
    billingReference: 'FAC-MF-001',
    internalFolderCode: 'D-MF-REZ',
    region: 'nantes',
    headcount: 14,
    matriculePrefix: 'MFA',
  }),
  spec('legacy', {
    ...base,
    name: 'Martin & Fils Dépôt Saint-Herblain',
    parentName: ROOT_LEGACY,
    siren8: '38291045',
    nic4: '0003',
    street: '27 boulevard Marcel Paul',
    zipCode: '44800',
    city: 'Saint-Herblain',
    reference: 'MF-SHB',
    billingReference: 'FAC-MF-002',
    internalFolderCode: 'D-MF-SHB',
    region: 'nantes',
    headcount: 12,
    matriculePrefix: 'MFD',
  }),
];

export const DEMO_ORGS: Record<DomainId, readonly DemoOrg[]> = { legacy: LEGACY_ORGS, main: MAIN_ORGS };

export function findOrg(domain: DomainId, name: string): DemoOrg {
  const org = DEMO_ORGS[domain].find((o) => o.name === name);
  if (!org) throw new Error(`no demo organisation ${name} in ${domain}`);
  return org;
}
