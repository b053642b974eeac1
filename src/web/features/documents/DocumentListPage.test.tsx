// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ERROR_KEYS } from '../../../contract/keys.ts';
import { ApiFailure } from '../../api/failure.ts';
import { DocumentListPage } from './DocumentListPage.tsx';
import { filtersToBody, filtersToSearch, parseDocumentFilters } from './documentSearch.ts';
import { DOC, renderDocumentsPage } from './testing.tsx';

let stop = () => undefined as void;
afterEach(() => {
  cleanup();
  stop();
});

const listBodies = (calls: { routeId: string; body?: unknown }[]) =>
  calls.filter((c) => c.routeId === 'documents.list').map((c) => c.body as Record<string, unknown>);

describe('documents list', () => {
  it('lists what the URL filters say, and a filter changed on screen moves the URL and the call', async () => {
    const page = await renderDocumentsPage(
      DocumentListPage,
      '/documents?type=PAYSLIP&read=unread&q=mars&dest=EMPLOYEE_SAFE&from=2026-03-01&org=not%20an%20id!',
      {
        'documents.list': () => ({ count: 1_000, countCapped: true, items: [DOC] }),
        'organizations.eligibleTree': () => [],
        'groups.list': () => ({ count: 0, items: [] }),
      },
    );
    stop = page.stop;
    await screen.findByText(DOC.description);
    expect(listBodies(page.calls)[0]).toEqual({
      search: 'mars',
      periodStart: '2026-03-01',
      typeCodes: ['PAYSLIP'],
      destination: 'EMPLOYEE_SAFE',
      read: 'unread',
      offset: 0,
      limit: 20,
      order: { field: 'depositedAt', sens: 'desc' },
    });
    // Past the server's cap the count says « plus de ».
    expect(screen.getByTestId('documents-count').textContent).toMatch(/^Plus de 1\s000 documents$/);
    expect(screen.getByText('Non lu')).toBeTruthy();

    act(() => {
      fireEvent.change(screen.getByLabelText('Lecture'), { target: { value: 'read' } });
    });
    await waitFor(() => expect(page.router.state.location.search).toMatchObject({ read: 'read', type: 'PAYSLIP' }));
    await waitFor(() => expect(listBodies(page.calls).at(-1)).toMatchObject({ read: 'read', typeCodes: ['PAYSLIP'] }));

    act(() => {
      fireEvent.click(screen.getByRole('button', { name: 'Effacer les filtres' }));
    });
    await waitFor(() => expect(page.router.state.location.search).not.toHaveProperty('type'));
    await waitFor(() =>
      expect(listBodies(page.calls).at(-1)).toEqual({
        search: 'mars',
        offset: 0,
        limit: 20,
        order: { field: 'depositedAt', sens: 'desc' },
      }),
    );
  });

  it('zips the selection it was given, not the page', async () => {
    const second = { ...DOC, id: '0195f3a2-0000-7000-8000-000000000002', description: 'Contrat Martin' };
    const page = await renderDocumentsPage(DocumentListPage, '/documents', {
      'documents.list': () => ({ count: 2, countCapped: false, items: [DOC, second] }),
      'documents.archive': () => new Blob(['PK'], { type: 'application/zip' }),
    });
    stop = page.stop;
    await screen.findByText('Contrat Martin');
    expect(screen.getByTestId('documents-count').textContent).toBe('2 documents');
    const boxes = screen.getAllByRole('checkbox', { name: 'Sélectionner la ligne' });
    act(() => {
      fireEvent.click(boxes[1] as HTMLElement);
    });
    act(() => {
      fireEvent.click(screen.getByRole('button', { name: 'Télécharger (zip)' }));
    });
    await waitFor(() =>
      expect(page.calls.find((c) => c.routeId === 'documents.archive')?.body).toEqual({ ids: [second.id] }),
    );
  });
});

describe('documents zip past the cap', () => {
  it('offers the whole filter when the count is « plus de 1 000 » and says the server refusal', async () => {
    const page = await renderDocumentsPage(DocumentListPage, '/documents?type=PAYSLIP', {
      'documents.list': () => ({ count: 1_000, countCapped: true, items: [DOC] }),
      'documents.archive': () => {
        throw new ApiFailure({ routeId: 'documents.archive', status: 400, key: ERROR_KEYS.documentArchiveTooMany });
      },
    });
    stop = page.stop;
    await screen.findByText(DOC.description);
    const zipAll = screen.getByRole('button', { name: /^Tout télécharger \(zip, plus de 1\s000 documents\)$/ });
    expect((zipAll as HTMLButtonElement).disabled).toBe(false);
    act(() => {
      fireEvent.click(zipAll);
    });
    await waitFor(() =>
      expect(page.calls.find((c) => c.routeId === 'documents.archive')?.body).toEqual({
        filter: { typeCodes: ['PAYSLIP'] },
      }),
    );
    // The alert says why, in the server's words (the key's translation).
    await waitFor(() =>
      expect(page.services.actors.alerts.getSnapshot().context.alerts).toContainEqual(
        expect.objectContaining({
          type: 'error',
          message: 'documents.messages.archiveError',
          values: expect.objectContaining({
            detail: expect.stringMatching(
              /^Trop de documents pour un seul zip \(20.000 au plus\).:.affinez les filtres\.$/,
            ),
          }),
        }),
      ),
    );
  });
  it('says in the count line that the documents could not be read, and offers no zip of the filter', async () => {
    const page = await renderDocumentsPage(DocumentListPage, '/documents', {
      'documents.list': () => {
        throw new ApiFailure({ routeId: 'documents.list', status: 500, key: 'error.internal' });
      },
    });
    stop = page.stop;
    await waitFor(() =>
      expect(screen.getByTestId('documents-count').textContent).toBe("Les documents n'ont pas pu être chargés."),
    );
    const zipAll = screen.getByRole('button', { name: /^Tout télécharger \(zip/ });
    expect((zipAll as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('documents list live', () => {
  it('refetches once after a burst of deposits pushed by the server', async () => {
    const page = await renderDocumentsPage(DocumentListPage, '/documents', {
      'documents.list': () => ({ count: 1, countCapped: false, items: [DOC] }),
    });
    stop = page.stop;
    await screen.findByText(DOC.description);
    expect(listBodies(page.calls)).toHaveLength(1);
    for (let i = 0; i < 3; i += 1)
      page.services.bus.emit({
        type: 'push.documents.deposited',
        payload: { organizationId: DOC.organizationId, source: 'campaign' },
      });
    await waitFor(() => expect(listBodies(page.calls)).toHaveLength(2), { timeout: 2_000 });
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(listBodies(page.calls)).toHaveLength(2);
  });

  it('refetches after a reconnection that lost pushes, not after one that recovered them', async () => {
    const page = await renderDocumentsPage(DocumentListPage, '/documents', {
      'documents.list': () => ({ count: 1, countCapped: false, items: [DOC] }),
    });
    stop = page.stop;
    await screen.findByText(DOC.description);
    page.services.bus.emit({ type: 'push.reconnected', recovered: true });
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(listBodies(page.calls)).toHaveLength(1);
    page.services.bus.emit({ type: 'push.reconnected', recovered: false });
    await waitFor(() => expect(listBodies(page.calls)).toHaveLength(2), { timeout: 2_000 });
  });
});

describe('documents URL filters', () => {
  it('keeps what is well formed and drops the rest', () => {
    expect(
      parseDocumentFilters({
        from: '2026-13-45',
        to: '2026-03-31',
        type: 'PAYSLIP,,CONTRACT,PAYSLIP',
        read: 'maybe',
        dest: 'EMPLOYER_SAFE',
        origin: 'upload',
        kw: ' paie , mars ',
        emp: 'x y',
      }),
    ).toEqual({
      from: '',
      to: '2026-03-31',
      types: ['PAYSLIP', 'CONTRACT'],
      orgs: [],
      employee: '',
      groups: [],
      destination: 'EMPLOYER_SAFE',
      source: 'upload',
      metaKey: '',
      metaValue: '',
      keywords: ['paie', 'mars'],
      read: '',
    });
  });

  it('carries several organisations and employee groups to the list call', () => {
    const filters = parseDocumentFilters({ org: 'org-a,org-b,org-a', group: 'grp-1,grp-2' });
    expect(filters.orgs).toEqual(['org-a', 'org-b']);
    expect(filters.groups).toEqual(['grp-1', 'grp-2']);
    expect(filtersToSearch(filters)).toMatchObject({ org: 'org-a,org-b', group: 'grp-1,grp-2' });
    expect(filtersToBody(filters, '')).toEqual({
      organizationIds: ['org-a', 'org-b'],
      employeeGroupIds: ['grp-1', 'grp-2'],
    });
  });
});
