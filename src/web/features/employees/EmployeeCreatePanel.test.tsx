// @vitest-environment happy-dom
import { Drawer } from '@chakra-ui/react';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { useSelector } from '@xstate/react';
import { afterEach, describe, expect, it } from 'vitest';
import { type Actor, createActor, waitFor } from 'xstate';
import {
  createEmployeeFormActors,
  employeeFormMachine,
  selectEmployeeForm,
} from '../../../../machines/employee-form/index.ts';
import { renderWithProviders } from '../../testing/render.tsx';
import { EmployeeCreatePanel } from './EmployeeCreatePanel.tsx';

const ORGS = [{ id: 'org-a', name: 'Horizon Services' }];

const startForm = (orgId: string | null, call: () => Promise<unknown> = () => Promise.resolve({ items: [] })) => {
  const api = { call: call as never };
  const machine = employeeFormMachine.provide({ actors: createEmployeeFormActors({ api, debounceMs: 10_000 }) });
  const actor = createActor(machine, { input: { mode: 'create', orgId, visibleOrgCount: 1, today: '2025-06-30' } });
  actor.start();
  return actor;
};

const Harness = ({ actor }: { actor: Actor<typeof employeeFormMachine> }) => {
  const view = useSelector(actor, selectEmployeeForm);
  return (
    <Drawer.Root open>
      <Drawer.Content>
        <EmployeeCreatePanel view={view} send={actor.send} orgs={ORGS} />
      </Drawer.Content>
    </Drawer.Root>
  );
};

const input = (label: string) => screen.getByRole('textbox', { name: new RegExp(`^${label}`) });
const createButton = () => screen.getByRole('button', { name: 'Créer' });

afterEach(cleanup);

describe('employee creation side sheet', () => {
  it('shows each message once, under its field, only after the field is left', () => {
    const actor = startForm('org-a');
    renderWithProviders(<Harness actor={actor} />);
    expect(screen.queryByText('Champ obligatoire')).toBeNull();
    act(() => {
      fireEvent.blur(input('Nom'));
    });
    expect(screen.getAllByText('Champ obligatoire')).toHaveLength(1);
    act(() => {
      fireEvent.change(input('E-mail'), { target: { value: 'x' } });
      fireEvent.blur(input('E-mail'));
      fireEvent.change(input('Numéro de sécurité sociale'), { target: { value: '12345' } });
      fireEvent.blur(input('Numéro de sécurité sociale'));
    });
    // The message says which format is expected, not a bare « Format incorrect » (issue 15).
    expect(
      screen.getAllByText('Format incorrect : adresse e-mail attendue sous la forme nom@exemple.fr.'),
    ).toHaveLength(1);
    expect(screen.getAllByText('Le numéro doit comporter 15 chiffres')).toHaveLength(1);
    expect(screen.getAllByText('Champ obligatoire')).toHaveLength(1);
    // The disabled « Créer » says what it waits for, naming the fields still to fill in or correct.
    const create = screen.getByRole('button', { name: 'Créer' });
    expect((create as HTMLButtonElement).disabled).toBe(true);
    const why = document.getElementById(create.getAttribute('aria-describedby') ?? '');
    expect(why?.textContent).toBe(
      'Il reste à renseigner : Nom, Prénom et Date de naissance. À corriger : E-mail et Numéro de sécurité sociale.',
    );
    actor.stop();
  });

  it('says from the start, on an empty form, which fields « Créer » waits for', () => {
    const actor = startForm('org-a');
    renderWithProviders(<Harness actor={actor} />);
    const create = createButton();
    expect((create as HTMLButtonElement).disabled).toBe(true);
    const why = document.getElementById(create.getAttribute('aria-describedby') ?? '');
    expect(why?.textContent).toBe('Il reste à renseigner : Nom, Prénom, Date de naissance et E-mail.');
    actor.stop();
  });

  it('keeps « Créer » disabled while a rule fails, enabled once valid, and « Effacer » empties the form', () => {
    const actor = startForm('org-a');
    renderWithProviders(<Harness actor={actor} />);
    expect(createButton()).toHaveProperty('disabled', true);
    act(() => {
      fireEvent.change(input('Nom'), { target: { value: 'Martin' } });
      fireEvent.change(input('Prénom'), { target: { value: 'Léa' } });
      actor.send({ type: 'form.change', field: 'birthDate', value: '1990-04-12' });
      fireEvent.change(input('E-mail'), { target: { value: 'l@example.fr' } });
    });
    expect(createButton()).toHaveProperty('disabled', true);
    act(() => {
      fireEvent.change(input('E-mail'), { target: { value: 'lea@example.fr' } });
    });
    expect(createButton()).toHaveProperty('disabled', false);
    expect((screen.getByDisplayValue('Horizon Services') as HTMLInputElement).readOnly).toBe(true);
    act(() => {
      fireEvent.click(screen.getByRole('button', { name: 'Effacer' }));
    });
    expect((input('Nom') as HTMLInputElement).value).toBe('');
    expect(createButton()).toHaveProperty('disabled', true);
    actor.stop();
  });

  it('says in the sheet itself that the creation failed (the app’s alerts are behind its overlay)', async () => {
    const actor = startForm('org-a', (route?: unknown) =>
      route === 'employees.create'
        ? Promise.reject({ key: 'error.network', status: 0 })
        : Promise.resolve({ items: [] }),
    );
    renderWithProviders(<Harness actor={actor} />);
    act(() => {
      for (const [field, value] of [
        ['name', 'Martin'],
        ['firstName', 'Léa'],
        ['birthDate', '1990-04-12'],
        ['email', 'lea@example.fr'],
      ] as const)
        actor.send({ type: 'form.change', field, value });
    });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(createButton()).toHaveProperty('disabled', false);
    await act(async () => {
      fireEvent.submit(screen.getByRole('form', { name: 'Nouveau salarié' }));
      await waitFor(actor, (s) => !s.matches('submitting'));
    });
    expect(actor.getSnapshot().value).toBe('failed');
    expect(screen.getByRole('alert').textContent).toContain('La création du salarié a échoué');
    actor.stop();
  });

  it('keeps « Créer » disabled without an organisation even when every field is valid', () => {
    const actor = startForm(null);
    renderWithProviders(<Harness actor={actor} />);
    act(() => {
      for (const [field, value] of [
        ['name', 'Martin'],
        ['firstName', 'Léa'],
        ['birthDate', '1990-04-12'],
        ['email', 'lea@example.fr'],
      ] as const)
        actor.send({ type: 'form.change', field, value });
    });
    expect(createButton()).toHaveProperty('disabled', true);
    actor.stop();
  });
});
