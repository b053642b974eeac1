// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { DispatchedDocument } from '../../../contract/entities.ts';
import { ApiFailure } from '../../api/index.ts';
import { DISPATCHED_DOC, DISPATCHED_DOC_CAMPAIGN } from '../../../../machines/dispatched-doc/dispatchedDoc.fixtures.ts';
import { renderDocumentsPage } from '../documents/testing.tsx';
import { DocumentPage } from './DocumentPage.tsx';

let stop = () => undefined as void;
afterEach(() => {
  cleanup();
  stop();
});

const PATHS = ['/campaigns/$campaignId', '/campaigns/$campaignId/$docId'] as const;
const URL = `/campaigns/${DISPATCHED_DOC.campaignId}/${DISPATCHED_DOC.id}`;

const open = async (answers: Parameters<typeof renderDocumentsPage>[2]) => {
  const page = await renderDocumentsPage(DocumentPage, URL, answers, PATHS);
  stop = page.stop;
  return page;
};
const alertsOf = (page: Awaited<ReturnType<typeof open>>) =>
  page.services.actors.alerts
    .getSnapshot()
    .context.alerts.map((a: { type: string; message: string; values?: { status?: string } }) => [
      a.type,
      a.message,
      a.values?.status,
    ]);
const fact = (key: string) => document.querySelector(`[data-fact="${key}"]`)?.textContent;

describe('campaign document page', () => {
  it('shows the facts, retries through the machine and shows the status the server answered', async () => {
    const page = await open({
      'campaigns.dispatchedDoc': () => ({ ...DISPATCHED_DOC, hasFile: false }),
      'campaigns.get': () => DISPATCHED_DOC_CAMPAIGN,
      'campaigns.retryDispatchedDoc': (): DispatchedDocument => ({ ...DISPATCHED_DOC, status: 'DISPATCHED' }),
    });
    expect(await screen.findByRole('heading', { name: /Alice Durand/ })).toBeTruthy();
    expect(fact('identifier')).toContain('1880203123456');
    expect(fact('pages')).toContain('3, 4');
    expect(screen.getByText("Aucun fichier n'est enregistré pour ce document.")).toBeTruthy();
    const retry = await screen.findByRole('button', { name: 'Réessayer' });
    act(() => fireEvent.click(retry));
    await waitFor(() => expect(alertsOf(page)).toContainEqual(['success', 'campaigns.docs.done', 'Distribué']));
    expect(page.calls.filter((c) => c.routeId === 'campaigns.retryDispatchedDoc')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Réessayer' })).toBeNull());
    expect(document.querySelector('[data-status]')?.getAttribute('data-status')).toBe('DISPATCHED');
  });

  it("says why the document cannot be read, and goes back to the campaign's restored table", async () => {
    const page = await open({
      'campaigns.dispatchedDoc': () => {
        throw new ApiFailure({ routeId: 'campaigns.dispatchedDoc', status: 404, key: 'error.not-found' });
      },
      'campaigns.get': () => DISPATCHED_DOC_CAMPAIGN,
    });
    expect(await screen.findByText("L'élément demandé est introuvable.")).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Réessayer' })).toBeNull();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Document de la campagne');
    act(() => fireEvent.click(screen.getByRole('button', { name: /Retour à la campagne/ })));
    await waitFor(() => expect(page.router.state.location.pathname).toBe(`/campaigns/${DISPATCHED_DOC.campaignId}`));
    expect(page.router.state.location.search).toEqual({ back: 1 });
  });
});
