/** One fixture (or more, for guarded variants) per event and per actor outcome: typed exhaustively. */
import type { AnyMachineSnapshot } from 'xstate';
import type { Mask } from '../../src/contract/entities.ts';
import { zoneFits } from './maskEditor.rules.ts';
import type {
  MaskEditorContext,
  MaskEditorEvent,
  MaskEditorEventType,
  MaskEditorInput,
  MaskSample,
  Zone,
} from './maskEditor.types.ts';

export const ORG_ID = '0195f3a2-0000-7000-8000-0000000000aa';
export const SAMPLE: MaskSample = { name: 'bulletins-mars.pdf', bytes: new Uint8Array([37, 80, 68, 70]) };
/** The matricule box of the demo's payslips (A4: 595 × 842 points). */
export const ZONE: Zone = { page: 1, x: 400, y: 760, width: 150, height: 24 };
export const OUTSIDE: Zone = { ...ZONE, x: 500 };
export const A4 = { width: 595, height: 842 };

/** A new mask for the payslips: its settings, no sample, no zone yet. */
export const PATHS_INPUT: MaskEditorInput = {
  docType: 'BULLETIN_PAIE',
  settings: { orgId: ORG_ID, maskName: 'Bulletin de paie', identifier: 'registrationNumber', grouping: 'onePerPage' },
  zone: null,
  samples: [],
};

export const SAVED: Mask = {
  id: '0195f3a2-0000-7000-8000-0000000000f1',
  maskName: 'Bulletin de paie',
  orgId: ORG_ID,
  docType: 'BULLETIN_PAIE',
  identifier: 'registrationNumber',
  grouping: 'onePerPage',
  zone: ZONE,
};

type EventOf<T extends MaskEditorEventType> = Extract<MaskEditorEvent, { type: T }>;
type Fixtures = { readonly [T in MaskEditorEventType]: readonly EventOf<T>[] };

export const maskEditorFixtures = {
  'settings.change': [
    { type: 'settings.change', patch: { maskName: '' } },
    { type: 'settings.change', patch: { maskName: 'Bulletin de paie — matricule' } },
  ],
  'samples.change': [{ type: 'samples.change', samples: [SAMPLE] }],
  'zone.change': [
    { type: 'zone.change', zone: ZONE },
    { type: 'zone.change', zone: OUTSIDE },
  ],
  'page.measured': [{ type: 'page.measured', size: A4 }],
  'mask.save': [{ type: 'mask.save' }],
  'mask.cancel': [{ type: 'mask.cancel' }],
  'xstate.done.actor.saveMask': [{ type: 'xstate.done.actor.saveMask', output: SAVED }],
  'xstate.error.actor.saveMask': [
    { type: 'xstate.error.actor.saveMask', error: { key: 'error.internal', status: 500 } },
  ],
} satisfies Fixtures;

/** Snapshots are told apart by what the save's guard reads (and whether it was tried), not by the bytes or names. */
export const serializeMaskEditor = (s: AnyMachineSnapshot): string => {
  const c = s.context as MaskEditorContext;
  return JSON.stringify({
    value: s.value,
    samples: c.samples.length > 0,
    zone: c.zone === null ? null : c.pageSize === null ? 'unmeasured' : zoneFits(c.zone, c.pageSize),
    named: c.settings.maskName.trim() !== '',
    tried: c.tried,
  });
};
