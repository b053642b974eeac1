// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DocumentListPage } from './DocumentListPage.tsx';
import { parseDocumentFilters } from './documentSearch.ts';
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
      group: '',
      destination: 'EMPLOYER_SAFE',
      source: 'upload',
      metaKey: '',
      metaValue: '',
      keywords: ['paie', 'mars'],
      read: '',
    });
  });
});
