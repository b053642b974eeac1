/**
 * How each fact changes the form's context, as pure functions of (context, payload): the chart
 * names them in its actions, the behaviour tests can read them alone.
 */
import {
  actionFailureKey,
  ALERTS_BY_KIND,
  draftErrors,
  draftFromRecord,
  failureOf,
  mergePatch,
  serverFieldErrors,
} from './rightsForm.model.ts';
import type {
  ActionOutput,
  DraftField,
  LoadOutput,
  RightsFormContext,
  RightsPatch,
  RightsRecord,
} from './rightsForm.types.ts';

type Update = Partial<RightsFormContext>;

export const versionOf = (record: RightsRecord | null): number | null => record?.version ?? null;

/** A freshly read or saved entity: nothing typed, nothing to report. */
const fromRecord = (c: RightsFormContext, record: RightsRecord): Update => {
  const values = draftFromRecord(c.kind, record, c.options);
  return {
    record,
    id: record.id,
    values,
    initial: values,
    errors: draftErrors(values),
    serverErrors: {},
    failure: null,
  };
};

export const loaded = (c: RightsFormContext, { record, options }: LoadOutput): Update => {
  if (record) return { options, ...fromRecord({ ...c, options }, record) };
  // A new user starts in the session's organisation.
  const values = c.values.kind === 'user' && c.orgId ? { ...c.values, rootOrgId: c.orgId } : c.values;
  return { options, failure: null, values, initial: values, errors: draftErrors(values) };
};

/** After a conflict: the entity as it is now, and what was typed kept aside. */
export const reloaded = (c: RightsFormContext, { record, options }: LoadOutput): Update =>
  record ? { options, ...fromRecord({ ...c, options }, record), pending: c.values, submitted: false, touched: {} } : {};

export const changed = (c: RightsFormContext, patch: RightsPatch): Update => {
  const values = mergePatch(c.values, patch);
  const fields = Object.keys(patch).filter((k) => k in c.values) as DraftField[];
  const serverErrors = { ...c.serverErrors };
  const touched = { ...c.touched };
  for (const field of fields) {
    delete serverErrors[field];
    touched[field] = true;
  }
  return { values, errors: draftErrors(values), serverErrors, touched, failure: null };
};

export const resetToInitial = (c: RightsFormContext): Update => ({
  values: c.initial,
  errors: draftErrors(c.initial),
  serverErrors: {},
  touched: {},
  submitted: false,
  failure: null,
});

export const reapplied = (c: RightsFormContext): Update => {
  const values = c.pending ?? c.values;
  return { values, errors: draftErrors(values), pending: null };
};

export const saved = (c: RightsFormContext, record: RightsRecord): Update => ({
  ...fromRecord(c, record),
  touched: {},
  submitted: false,
});

export const saveFailed = (c: RightsFormContext, error: unknown): Update => ({
  failure: failureOf(error, ALERTS_BY_KIND[c.kind][c.id === null ? 'create' : 'update']),
  serverErrors: serverFieldErrors(error, c.values),
});

export const loadFailed = (c: RightsFormContext, error: unknown): Update => ({
  failure: failureOf(error, ALERTS_BY_KIND[c.kind].get),
});

export const conflicted = (c: RightsFormContext, error: unknown): Update => ({
  failure: failureOf(error, ALERTS_BY_KIND[c.kind].update),
  confirming: null,
});

/** The typed values stay as they are; only what the server holds (status, version) moves. */
export const acted = (c: RightsFormContext, { record }: ActionOutput): Update => ({
  confirming: null,
  failure: null,
  ...(record ? { record, initial: draftFromRecord(c.kind, record, c.options) } : {}),
});

export const actionFailed = (c: RightsFormContext, error: unknown): Update => ({
  failure: failureOf(error, actionFailureKey(c.kind, c.confirming ?? 'delete')),
  confirming: null,
});
