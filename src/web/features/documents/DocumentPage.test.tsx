// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiFailure } from '../../api/index.ts';
import { DocumentPage } from './DocumentPage.tsx';
import { DOC, renderDocumentsPage } from './testing.tsx';

let stop = () => undefined as void;
afterEach(() => {
  cleanup();
  stop();
});

describe('document page', () => {
  it('reads « Document introuvable » for an id the server does not show', async () => {
    const page = await renderDocumentsPage(DocumentPage, '/documents/0195f3a2-0000-7000-8000-00000000dead', {
      'documents.get': () => {
        throw new ApiFailure({ routeId: 'documents.get', status: 404, key: 'error.not-found' });
      },
    });
    stop = page.stop;
    expect(await screen.findByRole('heading', { name: 'Document introuvable' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Télécharger le PDF' })).toBeNull();
  });

  it('shows its facts and origin, and marks it read once its PDF is in', async () => {
    const page = await renderDocumentsPage(DocumentPage, `/documents/${DOC.id}`, {
      'documents.get': () => DOC,
      'documents.pdf': () => new Blob(['%PDF-1.7\n'], { type: 'application/pdf' }),
      'documents.setRead': () => ({ ...DOC, readAt: '2026-04-03T08:00:00.000Z' }),
    });
    stop = page.stop;
    expect(await screen.findByRole('heading', { name: DOC.description })).toBeTruthy();
    expect(screen.getByText('Durand Alice')).toBeTruthy();
    expect(screen.getByText('Dépôt manuel')).toBeTruthy();
    expect(screen.getByText('Camille Martin')).toBeTruthy();
    expect(screen.getByText('mars 2026')).toBeTruthy();
    expect(screen.getByTestId('document-sha256').textContent).toBe(DOC.sha256);
    expect(screen.getByRole('button', { name: "Télécharger l'attestation de dépôt" })).toBeTruthy();
    await waitFor(() => expect(page.calls.some((c) => c.routeId === 'documents.setRead')).toBe(true));
    await waitFor(() => expect(screen.getByText('Lu')).toBeTruthy());
    expect(screen.queryByRole('button', { name: 'Marquer comme lu' })).toBeNull();
  });

  it('keeps « Marquer comme lu » when marking on open fails, and the button marks it once the server accepts', async () => {
    let refuse = true;
    const page = await renderDocumentsPage(DocumentPage, `/documents/${DOC.id}`, {
      'documents.get': () => DOC,
      'documents.pdf': () => new Blob(['%PDF-1.7\n'], { type: 'application/pdf' }),
      'documents.setRead': () => {
        if (refuse) throw new ApiFailure({ routeId: 'documents.setRead', status: 500, key: 'error.internal' });
        return undefined;
      },
    });
    stop = page.stop;
    const button = await screen.findByRole('button', { name: 'Marquer comme lu' });
    await waitFor(() => expect(page.calls.filter((c) => c.routeId === 'documents.setRead')).toHaveLength(1));
    refuse = false;
    button.click();
    // While the call runs the button is loading (its name hidden), so wait for the badge, not for the button to go.
    await waitFor(() => expect(screen.getByText('Lu')).toBeTruthy());
    expect(screen.queryByRole('button', { name: 'Marquer comme lu' })).toBeNull();
  });
});
