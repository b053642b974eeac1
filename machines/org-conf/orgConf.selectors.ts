/** Snapshot → what the configuration panel's view needs. */
import type { SnapshotFrom } from 'xstate';
import type { OrgConfMachine } from './orgConf.machine.ts';
import { cssError, cssOf } from './orgConf.model.ts';

export type OrgConfSnapshot = SnapshotFrom<OrgConfMachine>;

export const selectOrgConf = (s: OrgConfSnapshot) => {
  const { conf, docTypes } = s.context;
  const css = conf ? cssOf(conf) : '';
  return {
    isFailed: s.matches('failed'),
    conf,
    docTypes,
    css,
    /** The style sheet's rule key, shown under it (the save waits for it to pass). */
    cssError: cssError(css),
    isSaving: s.matches({ ready: 'saving' }),
    canSave: s.can({ type: 'conf.save' }),
  };
};
export type OrgConfView = ReturnType<typeof selectOrgConf>;
