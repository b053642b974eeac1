// @vitest-environment happy-dom
/**
 * The picker's rows stay the same elements while the typed search settles and loads, and never move under
 * a pressed pointer: a press that lands on « Ajouter … » just before the list refreshes still adds (the
 * signbook browser test once lost such a click, the row replaced by « Chargement… » between press and release).
 */
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import type { Employee } from '../../../contract/entities.ts';
import type { RouteId } from '../../../contract/routes.ts';
import { AppProvider } from '../../app/context.tsx';
import { createServices, type Services } from '../../app/services.ts';
import { renderWithProviders } from '../../testing/render.tsx';
import type { DraftSignatory } from './signatories.ts';
import { SignatoryPicker } from './SignatoryPicker.tsx';

const employee = (id: string, firstName: string, name: string) =>
  ({ id, firstName, name, email: `${id}@horizon-demo.fr`, phone: null }) as unknown as Employee;
const ARNAUD = employee('e1', 'Laurent', 'Arnaud');
const BLANC = employee('e2', 'Zoé', 'Blanc');

/** The searches asked, each answered when the test says so: on the bus, as the app's client answers. */
const searches: { search: string | undefined; answer: (items: Employee[]) => void }[] = [];
const services = createServices({ storage: null, socket: false });
const api: Services['api'] = {
  ...services.api,
  call: <T,>(routeId: RouteId, options: { body?: unknown; request?: string } = {}) =>
    new Promise<T>((resolve) => {
      searches.push({
        search: (options.body as { search?: string }).search,
        answer: (items) => {
          const result = { count: items.length, items, nextCursor: null };
          services.bus.emit({
            type: `api.${routeId}.succeeded`,
            routeId,
            params: {},
            request: options.request,
            result,
          } as never);
          resolve(result as T);
        },
      });
    }),
};
vi.mock('../../app/index.ts', () => ({
  useAuth: () => ({
    session: { orgId: 'org-a', userId: 'u1', fullName: 'Camille Martin', email: 'camille@horizon-demo.fr' },
    features: ['UserAccess'],
  }),
}));

afterEach(() => {
  cleanup();
  searches.length = 0;
});
afterAll(() => services.stop());

const show = (added: DraftSignatory[]) =>
  renderWithProviders(
    <AppProvider services={{ ...services, api }}>
      <SignatoryPicker
        kinds={['employee', 'user', 'external']}
        taken={new Set()}
        usersBefore={[]}
        onAdd={(s) => added.push(s)}
      />
    </AppProvider>,
  );

const answer = async (index: number, items: Employee[]) => {
  await waitFor(() => expect(searches.length).toBeGreaterThan(index));
  await act(async () => searches[index]!.answer(items));
};

const typeAndSettle = async (text: string, searchIndex: number) => {
  fireEvent.change(screen.getByLabelText('Rechercher un salarié'), { target: { value: text } });
  // The typed text settles (300 ms) and its search is asked.
  await waitFor(() => expect(searches[searchIndex]?.search).toBe(text));
};

describe('signatory picker', () => {
  it('keeps the rows found last, the same buttons, while the next search loads; a click on one adds', async () => {
    const added: DraftSignatory[] = [];
    show(added);
    await answer(0, [ARNAUD, BLANC]);
    const button = screen.getByRole('button', { name: 'Ajouter Laurent Arnaud' });
    await typeAndSettle('Arnaud', 1);
    // Loading: the same element, no « Chargement… » in its place; the list says it is busy.
    expect(screen.getByRole('button', { name: 'Ajouter Laurent Arnaud' })).toBe(button);
    expect(screen.getByRole('list', { name: 'Résultats de la recherche' }).getAttribute('aria-busy')).toBe('true');
    fireEvent.click(button);
    expect(added.map((s) => s.key)).toEqual(['employee:e1']);
    await answer(1, [ARNAUD]);
    expect(screen.getByRole('button', { name: 'Ajouter Laurent Arnaud' })).toBe(button);
    expect(screen.queryByRole('button', { name: 'Ajouter Zoé Blanc' })).toBeNull();
  });

  it('shows results arriving while a pointer is pressed on the list once it is released', async () => {
    show([]);
    await answer(0, [ARNAUD, BLANC]);
    await typeAndSettle('Blanc', 1);
    const list = screen.getByRole('list', { name: 'Résultats de la recherche' });
    fireEvent.pointerDown(screen.getByRole('button', { name: 'Ajouter Zoé Blanc' }));
    await answer(1, [BLANC]);
    // Pressed: the rows do not move (Zoé Blanc stays second, under the pointer).
    expect(screen.getByRole('button', { name: 'Ajouter Laurent Arnaud' })).toBeTruthy();
    fireEvent.pointerUp(window);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Ajouter Laurent Arnaud' })).toBeNull());
    expect(list.getAttribute('aria-busy')).toBe('false');
  });

  it('another kind of signatory does not show the previous kind’s rows while its list loads', async () => {
    show([]);
    await answer(0, [ARNAUD]);
    fireEvent.click(screen.getByText('Utilisateur'));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Ajouter Laurent Arnaud' })).toBeNull());
    expect(screen.getByText('Chargement en cours…')).toBeTruthy();
  });
});
