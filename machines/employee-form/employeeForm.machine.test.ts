import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { createEmployeeFormActors } from './employeeForm.actors.ts';
import { CANDIDATE, IMPORTED, TODAY } from './employeeForm.fixtures.ts';
import { type EmployeeFormEmitted, employeeFormMachine } from './employeeForm.machine.ts';
import { selectEmployeeForm } from './employeeForm.selectors.ts';
import type { EmployeeFormInput, FormField } from './employeeForm.types.ts';
import { tableApi } from '../testing/tableApi.ts';

const start = (input: Partial<EmployeeFormInput>, answers: Parameters<typeof tableApi>[0] = {}) => {
  const { api, calls } = tableApi(answers);
  const machine = employeeFormMachine.provide({ actors: createEmployeeFormActors({ api, debounceMs: 0 }) });
  const actor = createActor(machine, {
    input: { mode: 'create', orgId: 'org-a', visibleOrgCount: 1, today: TODAY, ...input },
  });
  const alerts: EmployeeFormEmitted['alert'][] = [];
  actor.on('form.alert', (e) => alerts.push(e.alert));
  actor.start();
  const view = () => selectEmployeeForm(actor.getSnapshot());
  const change = (field: FormField, value: string) => actor.send({ type: 'form.change', field, value });
  return { actor, calls, alerts, view, change };
};

const fillValid = (change: (f: FormField, v: string) => void) => {
  change('name', 'Martin');
  change('firstName', 'Léa');
  change('birthDate', '1990-04-12');
};

describe('employee form', () => {
  it('shows no message before a field is left, then the rule key once left', () => {
    const { actor, view } = start({});
    expect(view().fieldError('name')).toBeNull();
    actor.send({ type: 'form.blur', field: 'name' });
    expect(view().fieldError('name')).toBe('validation.required');
    expect(view().canSubmit).toBe(false);
  });

  it('creates with the locked first organisation and leaves an empty social security number out', async () => {
    const { actor, calls, alerts, view, change } = start(
      {},
      {
        'employees.importSearch': () => ({ items: [] }),
        'employees.create': () => ({ ...IMPORTED, id: 'emp-new' }),
      },
    );
    fillValid(change);
    change('email', 'lea.martin@example.fr');
    await waitFor(actor, (s) => s.matches({ editing: 'idle' }));
    expect(view().organizations[0]).toMatchObject({ organizationId: 'org-a', locked: true, removable: false });
    expect(view().canSubmit).toBe(true);
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (s) => s.matches('succeeded'));
    const create = calls.find((c) => c.routeId === 'employees.create');
    expect(create?.body).toMatchObject({
      name: 'Martin',
      email: 'lea.martin@example.fr',
      organizations: [{ organizationId: 'org-a' }],
    });
    expect(create?.body).not.toHaveProperty('numSecu');
    expect(alerts).toEqual([{ type: 'success', key: 'alert.employees.create.success' }]);
  });

  it('does not submit without an organisation: no call, and « Créer » says it waits for one', async () => {
    const { actor, calls, view, change } = start({ orgId: null }, { 'employees.importSearch': () => ({ items: [] }) });
    fillValid(change);
    change('email', 'lea.martin@example.fr');
    await waitFor(actor, (s) => s.matches({ editing: 'idle' }));
    calls.length = 0;
    expect(view().canSubmit).toBe(false);
    expect(view().blockedBy).toEqual([{ key: 'employees.form.blocked.organization', fields: [] }]);
    actor.send({ type: 'form.submit' });
    expect(calls).toEqual([]);
    expect(actor.getSnapshot().matches('editing')).toBe(true);
    actor.send({ type: 'form.org.change', index: 0, organizationId: 'org-a' });
    expect(view().canSubmit).toBe(true);
  });

  it('offers extra organisation lines only when more than one organisation is visible; the first stays', () => {
    const single = start({ visibleOrgCount: 1 });
    single.actor.send({ type: 'form.org.add', organizationId: 'org-b' });
    expect(single.view().organizations).toHaveLength(1);
    const multi = start({ visibleOrgCount: 3 });
    multi.actor.send({ type: 'form.org.add', organizationId: 'org-b' });
    multi.actor.send({ type: 'form.org.remove', index: 0 });
    multi.actor.send({ type: 'form.org.change', index: 0, organizationId: 'org-c' });
    expect(multi.view().organizations.map((l) => l.organizationId)).toEqual(['org-a', 'org-b']);
    multi.actor.send({ type: 'form.org.remove', index: 1 });
    expect(multi.view().organizations.map((l) => l.organizationId)).toEqual(['org-a']);
  });

  it('offers the import of an employee found elsewhere, then updates it on the next submit', async () => {
    const { actor, calls, view, change } = start(
      {},
      {
        'employees.importSearch': () => ({ items: [CANDIDATE] }),
        'employees.import': () => IMPORTED,
        'employees.update': ({ body }) => ({ ...IMPORTED, ...(body as object) }),
      },
    );
    change('email', 'alice.durand@example.fr');
    await waitFor(actor, (s) => s.matches('awaitingImportConfirmation'));
    expect(view().candidate).toMatchObject({ name: 'Durand', firstName: 'Alice' });
    actor.send({ type: 'import.confirm' });
    await waitFor(actor, (s) => s.matches('editing'));
    expect(calls.find((c) => c.routeId === 'employees.import')?.body).toEqual({ empId: IMPORTED.id, orgId: 'org-a' });
    expect(view()).toMatchObject({ mode: 'import', unchanged: true, canSubmit: false });
    expect(view().values.name).toBe('Durand');
    change('phone', '06 12 34 56 78');
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (s) => s.matches('succeeded'));
    const update = calls.find((c) => c.routeId === 'employees.update');
    expect(update?.params).toEqual({ id: IMPORTED.id });
  });

  it('cancelling the import keeps the typed values and does not ask again for the same e-mail', async () => {
    const { actor, calls, change } = start({}, { 'employees.importSearch': () => ({ items: [CANDIDATE] }) });
    change('name', 'Martin');
    change('email', 'alice.durand@example.fr');
    await waitFor(actor, (s) => s.matches('awaitingImportConfirmation'));
    actor.send({ type: 'import.cancel' });
    change('email', 'alice.durand@example.fr');
    expect(actor.getSnapshot().matches({ editing: 'idle' })).toBe(true);
    expect(actor.getSnapshot().context.values.name).toBe('Martin');
    expect(calls.filter((c) => c.routeId === 'employees.importSearch')).toHaveLength(1);
  });

  it('maps server field errors back and alerts with the first server error', async () => {
    const { actor, alerts, view, change } = start(
      {},
      {
        'employees.importSearch': () => ({ items: [] }),
        'employees.create': () => {
          throw {
            key: 'error.employees.email-exists',
            status: 409,
            fields: { email: 'validation.format' },
            errors: ['Adresse déjà utilisée'],
          };
        },
      },
    );
    fillValid(change);
    change('email', 'lea.martin@example.fr');
    await waitFor(actor, (s) => s.matches({ editing: 'idle' }));
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(view().fieldError('email')).toBe('validation.expected.email');
    expect(alerts).toEqual([{ type: 'error', key: 'alert.employees.create.error', detail: 'Adresse déjà utilisée' }]);
    expect(view().canSubmit).toBe(false);
    change('email', 'lea.martin2@example.fr');
    expect(view().fieldError('email')).toBeNull();
  });

  it('in update mode, saving is disabled until something changes and erase restores the employee', () => {
    const { actor, view, change } = start({ mode: 'update', employee: IMPORTED });
    expect(view()).toMatchObject({ mode: 'update', unchanged: true, canSubmit: false });
    change('city', 'Lyon');
    expect(view().canSubmit).toBe(true);
    actor.send({ type: 'form.erase' });
    expect(view().values.city).toBe('Paris');
    expect(view().unchanged).toBe(true);
  });

  it('rejects a birth date after today and a 14-character social security number', () => {
    const { actor, view, change } = start({});
    change('birthDate', '2999-01-01');
    change('numSecu', '12345678901234');
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().matches('editing')).toBe(true);
    expect(view().canSubmit).toBe(false);
    actor.send({ type: 'form.blur', field: 'birthDate' });
    actor.send({ type: 'form.blur', field: 'numSecu' });
    expect(view().fieldError('birthDate')).toBe('validation.birthDateFuture');
    expect(view().fieldError('numSecu')).toBe('validation.numSecu');
  });
});
