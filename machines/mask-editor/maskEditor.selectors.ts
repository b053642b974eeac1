/** Snapshot → what the mask editor needs; its buttons are enabled exactly when the machine takes their event. */
import type { SnapshotFrom } from 'xstate';
import { VALIDATION_KEYS } from '../../src/contract/validation.ts';
import type { MaskEditorMachine } from './maskEditor.machine.ts';
import { maskProblem } from './maskEditor.rules.ts';

export type MaskEditorSnapshot = SnapshotFrom<MaskEditorMachine>;

export const selectMaskEditor = (s: MaskEditorSnapshot) => {
  const c = s.context;
  return {
    settings: c.settings,
    samples: c.samples,
    zone: c.zone,
    saving: s.matches('saving'),
    /** Nothing is edited while the save runs. */
    editable: s.matches('editing'),
    /** Shown once « Enregistrer » was asked. */
    problem: c.tried ? maskProblem(c) : null,
    nameError: c.tried && c.settings.maskName.trim() === '' ? VALIDATION_KEYS.required : null,
    canSave: s.can({ type: 'mask.save' }),
    canCancel: s.can({ type: 'mask.cancel' }),
  };
};
export type MaskEditorView = ReturnType<typeof selectMaskEditor>;
