import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import type { Employee } from '../../src/contract/entities.ts';
import { ALERT_KEYS } from '../../src/contract/keys.ts';
import type { RouteId } from '../../src/contract/routes.ts';
import { createEmployeeSheetActors } from './employeeSheet.actors.ts';
import { EMPLOYEE, SHEET_INPUT } from './employeeSheet.fixtures.ts';
import { employeeSheetMachine } from './employeeSheet.machine.ts';
import { selectEmployeeSheet } from './employeeSheet.selectors.ts';
import type { EmployeeSheetEmitted } from './employeeSheet.types.ts';
import { type Answer, tableApi } from '../testing/tableApi.ts';

/** A sheet on a fake API answering from a table; every call and every emitted fact recorded. */
const start = (answers: Partial<Record<RouteId, Answer>>) => {
  const { api, calls } = tableApi(answers);
  const actor = createActor(employeeSheetMachine.provide({ actors: createEmployeeSheetActors(api) }), {
    input: SHEET_INPUT,
  });
  const emitted: EmployeeSheetEmitted[] = [];
  actor.on('*', (e) => void emitted.push(e));
  actor.start();
  return {
    actor,
    get calls() {
      return calls.map((c) => c.routeId);
    },
    emitted,
    view: () => selectEmployeeSheet(actor.getSnapshot()),
  };
};

const ready = (actor: ReturnType<typeof start>['actor']) => waitFor(actor, (s) => s.matches({ ready: 'idle' }));
const alerts = (emitted: EmployeeSheetEmitted[]) =>
  emitted.flatMap((e) => (e.type === 'sheet.alert' ? [[e.alert.type, e.alert.key, e.alert.detail]] : []));

describe('employee sheet', () => {
  it('reads the employee, then opens the safe once and reads them again (the form remounts on a new version)', async () => {
    let employee: Employee = EMPLOYEE;
    const sheet = start({
      'employees.get': () => employee,
      'employees.createEDocPerso': () => {
        employee = { ...EMPLOYEE, safeStatus: 'CREATED' as Employee['safeStatus'] };
        return { accountCreated: true };
      },
    });
    await ready(sheet.actor);
    expect([sheet.view().version, sheet.view().canCreateSafe]).toEqual([1, true]);
    sheet.actor.send({ type: 'sheet.safe.create' });
    expect(sheet.view().busy).toBe(true);
    expect(sheet.view().canDeactivate).toBe(false);
    await waitFor(sheet.actor, (s) => s.matches({ ready: 'idle' }) && s.context.version === 2);
    expect(sheet.view().canCreateSafe).toBe(false);
    expect(alerts(sheet.emitted)).toEqual([['success', 'employees.messages.safe.success', undefined]]);
    expect(sheet.calls).toEqual(['employees.get', 'employees.createEDocPerso', 'employees.get']);
  });

  it('asks for an e-mail before sending a reminder, and takes the one typed in the form', async () => {
    const sheet = start({ 'employees.get': () => EMPLOYEE, 'employees.reminder': () => undefined });
    await ready(sheet.actor);
    sheet.actor.send({ type: 'sheet.reminder.send', formEmail: ' ' });
    expect(sheet.calls).toEqual(['employees.get']);
    sheet.actor.send({ type: 'sheet.reminder.send', formEmail: 'alice@example.fr' });
    await waitFor(sheet.actor, (s) => s.matches({ ready: 'idle' }) && s.context.version === 2);
    expect(alerts(sheet.emitted)).toEqual([
      ['error', ALERT_KEYS.reminderNeedsEmail, undefined],
      ['success', ALERT_KEYS.employees.reminderSuccess, undefined],
    ]);
  });

  it("says the server's reason when the reminder is refused for want of an e-mail, and stays on the sheet", async () => {
    const sheet = start({
      'employees.get': () => ({ ...EMPLOYEE, email: 'a@example.fr' }),
      'employees.reminder': () => {
        throw { key: ALERT_KEYS.reminderNeedsEmail, status: 400 };
      },
    });
    await ready(sheet.actor);
    sheet.actor.send({ type: 'sheet.reminder.send', formEmail: '' });
    await ready(sheet.actor);
    expect(alerts(sheet.emitted)).toEqual([['error', ALERT_KEYS.reminderNeedsEmail, undefined]]);
    expect(sheet.view().version).toBe(1);
  });

  it('hands the letter to the view, and says when there is none', async () => {
    let letter: Blob | undefined = new Blob(['%PDF-1.7\n']);
    const sheet = start({ 'employees.get': () => EMPLOYEE, 'employees.activationMail': () => letter });
    await ready(sheet.actor);
    sheet.actor.send({ type: 'sheet.letter.download' });
    await ready(sheet.actor);
    letter = undefined;
    sheet.actor.send({ type: 'sheet.letter.download' });
    await ready(sheet.actor);
    expect(sheet.emitted.map((e) => e.type)).toEqual(['sheet.letter', 'sheet.alert']);
    expect(alerts(sheet.emitted)).toEqual([['error', ALERT_KEYS.employees.activationMailError, undefined]]);
  });

  it('deactivates only after the confirmation, then ends; a refusal keeps the sheet with its reason', async () => {
    let refuse = true;
    const sheet = start({
      'employees.get': () => EMPLOYEE,
      'employees.deactivate': () => {
        if (refuse) throw { key: 'error.conflict', status: 409, errors: ['Le salarié a des documents en cours.'] };
        return undefined;
      },
    });
    await ready(sheet.actor);
    sheet.actor.send({ type: 'sheet.deactivate.ask' });
    expect(sheet.view().confirmingDeactivation).toBe(true);
    sheet.actor.send({ type: 'sheet.deactivate.cancel' });
    expect(sheet.calls).toEqual(['employees.get']);
    sheet.actor.send({ type: 'sheet.deactivate.ask' });
    sheet.actor.send({ type: 'sheet.deactivate.confirm' });
    await ready(sheet.actor);
    refuse = false;
    sheet.actor.send({ type: 'sheet.deactivate.ask' });
    sheet.actor.send({ type: 'sheet.deactivate.confirm' });
    await waitFor(sheet.actor, (s) => s.matches('deactivated'));
    expect(alerts(sheet.emitted)).toEqual([
      ['error', ALERT_KEYS.employees.deleteError, 'Le salarié a des documents en cours.'],
      ['success', 'employees.messages.deactivate.success', undefined],
    ]);
    expect(sheet.emitted.at(-1)).toEqual({ type: 'sheet.deactivated' });
  });

  it('offers no deactivation for an inactive employee, and says when the employee cannot be read', async () => {
    const inactive = start({ 'employees.get': () => ({ ...EMPLOYEE, active: false }) });
    await ready(inactive.actor);
    expect(inactive.view().canDeactivate).toBe(false);
    const missing = start({
      'employees.get': () => {
        throw { key: 'error.not-found', status: 404 };
      },
    });
    await waitFor(missing.actor, (s) => s.matches('failed'));
    expect(alerts(missing.emitted)).toEqual([['error', 'employees.messages.get.error', undefined]]);
  });
});
