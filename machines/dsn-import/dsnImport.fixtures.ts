/** One fixture (or more, for guarded variants) per event: typed exhaustively. */
import type { AnyMachineSnapshot } from 'xstate';
import type { DsnImportResult } from '../../src/contract/dsn.ts';
import type { DsnImportContext, DsnImportEvent, DsnImportEventType, DsnImportInput } from './dsnImport.types.ts';

type EventOf<T extends DsnImportEventType> = Extract<DsnImportEvent, { type: T }>;
type Fixtures = { readonly [T in DsnImportEventType]: readonly EventOf<T>[] };

export const PATHS_INPUT: DsnImportInput = {};

const org = { organizationId: 'org-paris', organizationName: 'Horizon Services Paris' };
export const DSN_RESULT: DsnImportResult = {
  encoding: 'utf-8',
  individuals: 4,
  created: [
    { line: 88, name: 'Lefèvre', firstName: 'Noémie', employeeId: 'emp-1', ...org },
    { line: 114, name: 'Moreau', firstName: 'Inès', employeeId: 'emp-2', ...org, toValidate: true },
  ],
  updated: [],
  deactivated: [{ line: 140, name: 'Roux', firstName: 'Léa', employeeId: 'emp-3', ...org }],
  rejected: [
    {
      line: 212,
      name: 'Fabre',
      firstName: 'Clara',
      code: 'NIR_CONFLICT',
      key: 'dsn.rejected.nirConflict',
      values: { nir: '290027511200112', lines: '212, 258' },
      reason: 'Le numéro de sécurité sociale figure avec des identités différentes.',
    },
  ],
};

export const dsnImportFixtures = {
  'dsn.open': [{ type: 'dsn.open' }],
  'dsn.close': [{ type: 'dsn.close' }],
  'dsn.file.choose': [
    { type: 'dsn.file.choose', file: { name: 'valid.dsn', size: 20_480 } },
    { type: 'dsn.file.choose', file: { name: 'huge.dsn', size: 11 * 1024 * 1024 } },
  ],
  'dsn.file.remove': [{ type: 'dsn.file.remove' }],
  'dsn.submit': [{ type: 'dsn.submit' }],
  'dsn.reset': [{ type: 'dsn.reset' }],
  'api.dsn.progressed': [
    { type: 'api.dsn.progressed', percentage: 40, uploadCompleted: false },
    { type: 'api.dsn.progressed', percentage: 100, uploadCompleted: true },
  ],
  'api.dsn.succeeded': [{ type: 'api.dsn.succeeded', result: DSN_RESULT }],
  'api.dsn.failed': [
    {
      type: 'api.dsn.failed',
      error: {
        key: 'employees.messages.dsnUpload.error',
        status: 400,
        message: 'Ligne 46 : guillemet fermant manquant.',
      },
    },
  ],
  'api.dsn.canceled': [{ type: 'api.dsn.canceled' }],
} satisfies Fixtures;

/** What tells two snapshots apart for the traversal: what the guards and the view read, not the bytes. */
export const serializeDsnImport = (s: AnyMachineSnapshot): string => {
  const c = s.context as DsnImportContext;
  return JSON.stringify({
    value: s.value,
    open: c.open,
    file: c.file?.name ?? null,
    failure: c.failure?.key ?? null,
    result: c.result !== null,
  });
};
