/**
 * The demo logins, shared by the seed, the README, the startup banner and the browser tests.
 * Descriptions are English text for the console and docs; the UI never shows them.
 */
import { FEATURES, type Feature } from '../../../contract/features.ts';
import type { DomainId } from '../../../contract/constants.ts';

export interface PersonaRoot {
  domain: DomainId;
  /** Organisation name in the demo seed (unique within its domain). */
  orgName: string;
  includeChildren: boolean;
}

export interface Persona {
  login: string;
  password: string;
  firstName: string;
  lastName: string;
  email: string | null;
  features: readonly Feature[];
  isFreeTrial: boolean;
  roots: readonly PersonaRoot[];
  description: string;
  /** « E-mail lié à un compte Microsoft ou de groupe »: the demo identity provider logs them in. */
  linkedToMicrosoft?: boolean;
}

const ALL_BUT_USER_ACCESS = FEATURES.filter((f) => f !== 'UserAccess');

export const ROOT_MAIN = 'Groupe Horizon';
export const ROOT_LEGACY = 'Martin & Fils (historique)';
export const ROOT_TRIAL = "Boulangerie Levain d'Or";

export const PERSONAS: readonly Persona[] = [
  {
    login: 'admin',
    password: 'Admin!2026',
    firstName: 'Camille',
    lastName: 'Martin',
    email: 'camille.martin@horizon-demo.fr',
    features: FEATURES,
    isFreeTrial: false,
    roots: [{ domain: 'main', orgName: ROOT_MAIN, includeChildren: true }],
    description: 'administrator: every feature, main domain; has a signbook to sign',
    linkedToMicrosoft: true,
  },
  {
    login: 'paie',
    password: 'Paie!2026',
    firstName: 'Julien',
    lastName: 'Bernard',
    email: 'julien.bernard@horizon-demo.fr',
    features: ALL_BUT_USER_ACCESS,
    isFreeTrial: false,
    roots: [{ domain: 'main', orgName: ROOT_MAIN, includeChildren: true }],
    description: 'payroll officer: no UserAccess (no users, rules or user groups; 403 on those calls)',
  },
  {
    login: 'multi',
    password: 'Multi!2026',
    firstName: 'Sophie',
    lastName: 'Durand',
    email: 'sophie.durand@horizon-demo.fr',
    features: ALL_BUT_USER_ACCESS,
    isFreeTrial: false,
    roots: [
      { domain: 'legacy', orgName: ROOT_LEGACY, includeChildren: true },
      { domain: 'main', orgName: ROOT_MAIN, includeChildren: true },
    ],
    description: 'root organisations in both domains: chooses a domain after login',
    linkedToMicrosoft: true,
  },
  {
    login: 'sansmail',
    password: 'Sansmail!2026',
    firstName: 'Lucas',
    lastName: 'Petit',
    email: null,
    features: ['EmpList', 'DocSearch', 'ParaphList'],
    isFreeTrial: false,
    roots: [{ domain: 'main', orgName: 'Horizon Services Paris', includeChildren: true }],
    description: 'no e-mail address: the signbook menu is unusable',
  },
  {
    login: 'essai',
    password: 'Essai!2026',
    firstName: 'Emma',
    lastName: 'Leroy',
    email: 'emma.leroy@levain-demo.fr',
    features: ['EmpList', 'DocSearch', 'DocListDispatch', 'DocCreateDispatch', 'ParaphList'],
    isFreeTrial: true,
    roots: [{ domain: 'main', orgName: ROOT_TRIAL, includeChildren: true }],
    description: 'free trial: banner with days, documents and employees left',
  },
];

export const personaByLogin = (login: string): Persona | undefined => PERSONAS.find((p) => p.login === login);
