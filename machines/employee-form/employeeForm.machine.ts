/**
 * The employee form (seed 000 §2 creation side sheet and edit page, §5 rules).
 * editing (idle | checkingEmail) → submitting → succeeded | failed; a valid new e-mail in create mode
 * is looked up (debounced) and, when an employee of another organisation has it,
 * awaitingImportConfirmation → importing → editing in 'import' mode (the next submit updates).
 * Invariants: errors are recomputed on every change with employeeFieldErrors; no call leaves
 * while a rule fails, no organisation is chosen, or (update/import) nothing changed.
 * Views send `form.*` / `import.*`; the machine emits `form.alert` with translation keys.
 */
import { assign, emit, setup } from 'xstate';
import { ALERT_KEYS } from '../../src/contract/keys.ts';
import { isValidEmail } from '../../src/contract/validation.ts';
import { createEmployeeFormActors } from './employeeForm.actors.ts';
import {
  emptyValues,
  failureOf,
  hasOrganisation,
  isDirty,
  linesFromEmployee,
  ruleErrors,
  serverFieldErrors,
  toEmployeeInput,
  valuesFromEmployee,
} from './employeeForm.model.ts';
import type {
  EmployeeFormContext,
  EmployeeFormEvent,
  EmployeeFormInput,
  FormField,
  OrgLine,
} from './employeeForm.types.ts';

export type EmployeeFormEmitted = {
  type: 'form.alert';
  alert: { type: 'success' | 'error'; key: string; detail?: string };
};

const unwired = createEmployeeFormActors({
  api: { call: () => Promise.reject(new Error('employee-form machine: api not provided')) },
});

export const initialEmployeeFormContext = (input: EmployeeFormInput): EmployeeFormContext => {
  const defaultCountry = input.defaultCountry ?? 'France';
  const employee = input.employee ?? null;
  const values = employee ? valuesFromEmployee(employee, defaultCountry) : emptyValues(defaultCountry);
  const organizations: OrgLine[] = employee
    ? linesFromEmployee(employee)
    : [{ organizationId: input.orgId ?? '', registrationNumber: '' }];
  const mode = employee && input.mode === 'update' ? 'update' : 'create';
  const countries = input.countries ?? null;
  return {
    mode,
    employeeId: employee?.id ?? null,
    values,
    initialValues: values,
    organizations,
    initialOrganizations: organizations,
    lockedOrgId: employee ? (organizations[0]?.organizationId ?? null) : input.orgId,
    visibleOrgCount: input.visibleOrgCount,
    today: input.today,
    countries,
    defaultCountry,
    errors: ruleErrors(values, mode, input.today, countries),
    serverErrors: {},
    touched: {},
    submitted: false,
    checkedEmail: employee?.email ?? null,
    candidate: null,
    failure: null,
    saved: null,
  };
};

const without = <T extends object>(record: T, key: PropertyKey): T => {
  const copy = { ...record } as Record<PropertyKey, unknown>;
  delete copy[key];
  return copy as T;
};

export const employeeFormMachine = setup({
  types: {} as {
    context: EmployeeFormContext;
    events: EmployeeFormEvent;
    input: EmployeeFormInput;
    emitted: EmployeeFormEmitted;
  },
  actors: unwired,
  guards: {
    shouldLookupEmail: ({ context, event }) =>
      event.type === 'form.change' &&
      event.field === 'email' &&
      context.mode === 'create' &&
      isValidEmail(event.value) &&
      event.value.trim() !== context.checkedEmail,
    isEmailChange: ({ event }) => event.type === 'form.change' && event.field === 'email',
    canAddOrg: ({ context, event }) =>
      event.type === 'form.org.add' &&
      context.visibleOrgCount > context.organizations.length &&
      !context.organizations.some((l) => l.organizationId === event.organizationId),
    canChangeOrg: ({ context, event }) => {
      if (event.type !== 'form.org.change' || !context.organizations[event.index]) return false;
      if (event.organizationId === undefined) return true;
      const firstLocked = event.index === 0 && context.lockedOrgId !== null;
      const taken = context.organizations.some(
        (l, i) => i !== event.index && l.organizationId === event.organizationId,
      );
      return !firstLocked && !taken;
    },
    canRemoveOrg: ({ context, event }) =>
      event.type === 'form.org.remove' && event.index > 0 && event.index < context.organizations.length,
    hasOrganisationLine: ({ context }) => hasOrganisation(context.organizations),
    /** Every rule holds, an organisation is chosen, and (update, import) something changed. */
    canSubmit: ({ context }) =>
      hasOrganisation(context.organizations) &&
      Object.keys(context.errors).length === 0 &&
      Object.keys(context.serverErrors).length === 0 &&
      (context.mode === 'create' || isDirty(context)),
    hasCandidate: ({ event }) => event.type === 'xstate.done.actor.lookupEmail' && event.output !== null,
  },
  actions: {
    storeChange: assign(({ context, event }) => {
      if (event.type !== 'form.change') return {};
      const values = { ...context.values, [event.field]: event.value };
      return {
        values,
        errors: ruleErrors(values, context.mode, context.today, context.countries),
        serverErrors: without(context.serverErrors, event.field),
      };
    }),
    storeCheckedEmail: assign({ checkedEmail: ({ context }) => context.values.email.trim() }),
    setTouched: assign({
      touched: ({ context, event }) =>
        event.type === 'form.blur' ? { ...context.touched, [event.field]: true as const } : context.touched,
    }),
    addOrgLine: assign({
      organizations: ({ context, event }) =>
        event.type === 'form.org.add'
          ? [...context.organizations, { organizationId: event.organizationId, registrationNumber: '' }]
          : context.organizations,
    }),
    changeOrgLine: assign({
      organizations: ({ context, event }) =>
        event.type === 'form.org.change'
          ? context.organizations.map((line, i) =>
              i === event.index
                ? {
                    organizationId: event.organizationId ?? line.organizationId,
                    registrationNumber: event.registrationNumber ?? line.registrationNumber,
                  }
                : line,
            )
          : context.organizations,
    }),
    removeOrgLine: assign({
      organizations: ({ context, event }) =>
        event.type === 'form.org.remove'
          ? context.organizations.filter((_, i) => i !== event.index)
          : context.organizations,
    }),
    markSubmitted: assign({ submitted: true, failure: null }),
    reset: assign(({ context }) => ({
      mode: context.employeeId && context.mode !== 'create' ? context.mode : 'create',
      values: context.initialValues,
      organizations: context.initialOrganizations,
      errors: ruleErrors(context.initialValues, context.mode, context.today, context.countries),
      serverErrors: {},
      touched: {},
      submitted: false,
      candidate: null,
      failure: null,
    })),
    storeCandidate: assign({
      candidate: ({ event }) => (event.type === 'xstate.done.actor.lookupEmail' ? event.output : null),
    }),
    clearCandidate: assign({ candidate: null }),
    loadImported: assign(({ context, event }) => {
      if (event.type !== 'xstate.done.actor.importEmployee') return {};
      const values = valuesFromEmployee(event.output, context.defaultCountry);
      const organizations = linesFromEmployee(event.output);
      return {
        mode: 'import' as const,
        employeeId: event.output.id,
        values,
        initialValues: values,
        organizations,
        initialOrganizations: organizations,
        errors: ruleErrors(values, 'import', context.today, context.countries),
        serverErrors: {},
        candidate: null,
        checkedEmail: values.email,
      };
    }),
    storeSaved: assign(({ context, event }) => {
      if (event.type !== 'xstate.done.actor.saveEmployee') return {};
      return {
        saved: event.output,
        employeeId: event.output.id,
        initialValues: context.values,
        initialOrganizations: context.organizations,
      };
    }),
    notifySaved: emit(({ context }) => ({
      type: 'form.alert' as const,
      alert: {
        type: 'success' as const,
        key: context.mode === 'create' ? ALERT_KEYS.employees.createSuccess : ALERT_KEYS.employees.updateSuccess,
      },
    })),
    storeFailure: assign(({ context, event }) => {
      const error = 'error' in event ? event.error : undefined;
      return { failure: failureOf(error, context.mode), serverErrors: serverFieldErrors(error) };
    }),
    notifyFailure: emit(({ context }) => ({
      type: 'form.alert' as const,
      alert: { type: 'error' as const, ...(context.failure ?? { key: ALERT_KEYS.employees.createError }) },
    })),
  },
}).createMachine({
  id: 'employeeForm',
  context: ({ input }) => initialEmployeeFormContext(input),
  initial: 'editing',
  on: {
    'form.blur': { actions: 'setTouched' },
  },
  states: {
    editing: {
      initial: 'idle',
      on: {
        'form.change': [
          { guard: 'shouldLookupEmail', target: '.checkingEmail', reenter: true, actions: 'storeChange' },
          { guard: 'isEmailChange', target: '.idle', actions: 'storeChange' },
          { actions: 'storeChange' },
        ],
        'form.org.add': { guard: 'canAddOrg', actions: 'addOrgLine' },
        'form.org.change': { guard: 'canChangeOrg', actions: 'changeOrgLine' },
        'form.org.remove': { guard: 'canRemoveOrg', actions: 'removeOrgLine' },
        'form.erase': { target: '.idle', actions: 'reset' },
        // Only a form that can be sent is: « Créer » / « Enregistrer » is enabled exactly when this
        // transition is (selectEmployeeForm's canSubmit reads `can`), and says beside it what it waits for.
        'form.submit': { guard: 'canSubmit', target: 'submitting', actions: 'markSubmitted' },
      },
      states: {
        idle: {},
        checkingEmail: {
          entry: 'storeCheckedEmail',
          invoke: {
            id: 'lookupEmail',
            src: 'lookupEmail',
            input: ({ context }) => ({
              email: context.values.email.trim(),
              orgId: context.lockedOrgId ?? (context.organizations[0]?.organizationId || null),
            }),
            onDone: [
              { guard: 'hasCandidate', target: '#employeeForm.awaitingImportConfirmation', actions: 'storeCandidate' },
              { target: 'idle' },
            ],
            // A failed lookup only means no import is offered: the creation goes on.
            onError: { target: 'idle' },
          },
        },
      },
    },
    awaitingImportConfirmation: {
      on: {
        'import.cancel': { target: 'editing', actions: 'clearCandidate' },
        // The import links the employee into the form's organisation: offered once there is one
        // (the sheet's first line is the current organisation, so it always is there).
        'import.confirm': { guard: 'hasOrganisationLine', target: 'importing' },
      },
    },
    importing: {
      invoke: {
        id: 'importEmployee',
        src: 'importEmployee',
        input: ({ context }) => ({
          empId: context.candidate?.id ?? '',
          orgId: context.organizations.find((l) => l.organizationId !== '')?.organizationId ?? '',
          registrationNumber: context.organizations[0]?.registrationNumber ?? '',
        }),
        onDone: { target: 'editing', actions: 'loadImported' },
        onError: { target: 'failed', actions: ['clearCandidate', 'storeFailure', 'notifyFailure'] },
      },
    },
    submitting: {
      invoke: {
        id: 'saveEmployee',
        src: 'saveEmployee',
        input: ({ context }) => ({
          mode: context.mode,
          employeeId: context.employeeId,
          body: toEmployeeInput(context),
        }),
        onDone: { target: 'succeeded', actions: ['storeSaved', 'notifySaved'] },
        onError: { target: 'failed', actions: ['storeFailure', 'notifyFailure'] },
      },
    },
    // Saved: the form now reads what was saved (nothing to erase); typing starts the next change.
    succeeded: {
      on: {
        'form.change': { target: 'editing', actions: 'storeChange' },
      },
    },
    failed: {
      on: {
        'form.change': [
          { guard: 'shouldLookupEmail', target: 'editing.checkingEmail', actions: 'storeChange' },
          { target: 'editing', actions: 'storeChange' },
        ],
        'form.org.add': { guard: 'canAddOrg', target: 'editing', actions: 'addOrgLine' },
        'form.org.change': { guard: 'canChangeOrg', target: 'editing', actions: 'changeOrgLine' },
        'form.org.remove': { guard: 'canRemoveOrg', target: 'editing', actions: 'removeOrgLine' },
        'form.erase': { target: 'editing', actions: 'reset' },
        'form.submit': { guard: 'canSubmit', target: 'submitting', actions: 'markSubmitted' },
      },
    },
  },
});

export type EmployeeFormMachine = typeof employeeFormMachine;
export type { FormField };
