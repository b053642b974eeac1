import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { ALERT_KEYS } from '../../src/contract/keys.ts';
import type { RouteId } from '../../src/contract/routes.ts';
import { createProfileActors } from './profile.actors.ts';
import { NEW_PASSWORD, PROFILE_INPUT } from './profile.fixtures.ts';
import { profileMachine } from './profile.machine.ts';
import { selectProfile } from './profile.selectors.ts';
import type { ProfileEmitted } from './profile.types.ts';
import { type Answer, tableApi } from '../testing/tableApi.ts';

/** A profile on a fake API answering from a table; every call and every emitted fact recorded. */
const start = (answers: Partial<Record<RouteId, Answer>>) => {
  const { api, calls } = tableApi(answers);
  const actor = createActor(profileMachine.provide({ actors: createProfileActors(api) }), { input: PROFILE_INPUT });
  const emitted: ProfileEmitted[] = [];
  actor.on('*', (e) => void emitted.push(e));
  actor.start();
  return { actor, calls, emitted, view: () => selectProfile(actor.getSnapshot()) };
};
type Page = ReturnType<typeof start>;

const idle = (page: Page) =>
  waitFor(page.actor, (s) => s.matches({ identity: 'editing', password: 'editing', language: 'idle' }));
const alerts = (emitted: ProfileEmitted[]) =>
  emitted.flatMap((e) => (e.type === 'profile.alert' ? [[e.alert.type, e.alert.key]] : []));
const typePasswords = (page: Page, current: string, password: string, confirmation: string) => {
  page.actor.send({ type: 'profile.password.edit', field: 'current', value: current });
  page.actor.send({ type: 'profile.password.edit', field: 'password', value: password });
  page.actor.send({ type: 'profile.password.edit', field: 'confirmation', value: confirmation });
};

describe('profile', () => {
  it('saves the names only when both are filled and one changed, trimmed, then has the session read again', async () => {
    const page = start({ 'users.updateBasic': () => undefined });
    expect(page.view().canSaveIdentity).toBe(false);
    page.actor.send({ type: 'profile.identity.edit', field: 'lastName', value: ' ' });
    expect([page.view().lastNameMissing, page.view().canSaveIdentity]).toEqual([true, false]);
    page.actor.send({ type: 'profile.identity.save' });
    expect(page.calls).toEqual([]);
    page.actor.send({ type: 'profile.identity.edit', field: 'lastName', value: 'Martin ' });
    expect(page.view().canSaveIdentity).toBe(false);
    page.actor.send({ type: 'profile.identity.edit', field: 'firstName', value: ' Camille-Paule ' });
    page.actor.send({ type: 'profile.identity.save' });
    expect(page.view().savingIdentity).toBe(true);
    await idle(page);
    expect(page.calls).toEqual([
      {
        routeId: 'users.updateBasic',
        params: { id: PROFILE_INPUT.userId },
        body: { firstName: 'Camille-Paule', lastName: 'Martin' },
      },
    ]);
    expect(page.emitted).toEqual([
      { type: 'profile.alert', alert: { type: 'success', key: 'profile.identity.saved' } },
      { type: 'profile.identity.saved' },
    ]);
    // Saved: the form matches the server again, and the language save sends the new names.
    expect(page.view().canSaveIdentity).toBe(false);
    page.actor.send({ type: 'profile.locale.change', locale: 'de' });
    await idle(page);
    expect(page.calls[1]?.body).toEqual({ firstName: 'Camille-Paule', lastName: 'Martin', locale: 'de' });
  });

  it("keeps the server's reason under the identity form, and clears it at the next save", async () => {
    let refuse = true;
    const page = start({
      'users.updateBasic': () => {
        if (refuse) throw { key: 'error.validation', status: 400 };
        return undefined;
      },
    });
    page.actor.send({ type: 'profile.identity.edit', field: 'firstName', value: 'Paule' });
    page.actor.send({ type: 'profile.identity.save' });
    await idle(page);
    expect([page.view().identityError, page.view().canSaveIdentity]).toEqual(['error.validation', true]);
    refuse = false;
    page.actor.send({ type: 'profile.identity.save' });
    expect(page.view().identityError).toBeNull();
    await idle(page);
    expect(alerts(page.emitted)).toEqual([['success', 'profile.identity.saved']]);
  });

  it('changes the password only under the rules, then empties the fields; a refusal stays under the form', async () => {
    let refuse = true;
    const page = start({
      'users.changePassword': () => {
        if (refuse) throw { key: ALERT_KEYS.users.passwordChangeError, status: 400 };
        return undefined;
      },
    });
    typePasswords(page, 'Hiver-2025', NEW_PASSWORD, 'printemps-2026');
    expect(page.view().canChangePassword).toBe(false);
    typePasswords(page, '', NEW_PASSWORD, NEW_PASSWORD);
    expect(page.view().canChangePassword).toBe(false);
    typePasswords(page, 'Hiver-2025', NEW_PASSWORD, NEW_PASSWORD);
    page.actor.send({ type: 'profile.password.submit' });
    expect(page.view().sendingPassword).toBe(true);
    await idle(page);
    expect(page.view().passwordError).toBe(ALERT_KEYS.users.passwordChangeError);
    expect(page.view().passwords.current).toBe('Hiver-2025');
    refuse = false;
    page.actor.send({ type: 'profile.password.submit' });
    await idle(page);
    expect(page.view().passwords).toEqual({ current: '', password: '', confirmation: '' });
    expect(page.view().passwordError).toBeNull();
    expect(alerts(page.emitted)).toEqual([['success', ALERT_KEYS.users.passwordChangeSuccess]]);
    expect(page.calls.at(-1)?.body).toEqual({
      oldPassword: 'Hiver-2025',
      password: NEW_PASSWORD,
      confirmation: NEW_PASSWORD,
    });
  });

  it('tells the server the language, the latest choice winning, and says nothing when it fails', async () => {
    const page = start({
      'users.updateBasic': ({ body }) => {
        if ((body as { locale: string }).locale === 'nl') throw new Error('offline');
        return undefined;
      },
    });
    page.actor.send({ type: 'profile.locale.change', locale: 'es' });
    page.actor.send({ type: 'profile.locale.change', locale: 'nl' });
    await idle(page);
    expect(page.calls.map((c) => (c.body as { locale: string }).locale)).toEqual(['es', 'nl']);
    expect(page.calls[0]?.body).toEqual({ firstName: 'Camille', lastName: 'Martin', locale: 'es' });
    expect(page.emitted).toEqual([]);
    expect(page.view().identityError).toBeNull();
  });

  it('a change of language while the names and the password are being saved loses neither answer', async () => {
    const page = start({ 'users.updateBasic': () => undefined, 'users.changePassword': () => undefined });
    page.actor.send({ type: 'profile.identity.edit', field: 'firstName', value: 'Camille-Paule' });
    page.actor.send({ type: 'profile.identity.save' });
    typePasswords(page, 'Ancien!2026', NEW_PASSWORD, NEW_PASSWORD);
    page.actor.send({ type: 'profile.password.submit' });
    expect(page.actor.getSnapshot().matches({ identity: 'saving', password: 'sending' })).toBe(true);
    page.actor.send({ type: 'profile.locale.change', locale: 'es' });
    // Still waiting for both answers: the language's region alone went on.
    expect(page.actor.getSnapshot().matches({ identity: 'saving', password: 'sending', language: 'persisting' })).toBe(
      true,
    );
    await idle(page);
    expect(alerts(page.emitted).sort()).toEqual(
      [
        ['success', 'profile.identity.saved'],
        ['success', ALERT_KEYS.users.passwordChangeSuccess],
      ].sort(),
    );
    expect(page.view().canSaveIdentity).toBe(false);
  });
});
