// @vitest-environment happy-dom
/** The upload dialog driven by its machine (machines/document-upload): the real upload machine, a scripted XHR. */
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RouteId } from '../../../contract/routes.ts';
import { AppProvider } from '../../app/context.tsx';
import { createServices, type Services } from '../../app/services.ts';
import { minimalPdf } from '../../testing/minimalPdf.ts';
import { renderWithProviders } from '../../testing/render.tsx';
import { ScriptedXhr } from '../../testing/scriptedXhr.ts';
import { UploadDialog } from './UploadDialog.tsx';

const ORG = '0195f3a2-0000-7000-8000-0000000000aa';
const pdf = (name: string) => new File([minimalPdf()], name, { type: 'application/pdf' });

let stop = () => undefined as void;
afterEach(() => {
  cleanup();
  stop();
  ScriptedXhr.all = [];
});

/**
 * The organisation's document types answered from a table; every other call is not found. Like the real
 * client, every outcome goes on the bus with the call's tag: the dialog reads the types there.
 */
const renderDialog = () => {
  const real = createServices({ storage: null, socket: false });
  stop = () => real.stop();
  const api: Services['api'] = {
    ...real.api,
    call: <T,>(routeId: RouteId, options: { params?: Record<string, string | number>; request?: string } = {}) =>
      Promise.resolve().then(() => {
        const fact = {
          routeId,
          params: options.params ?? {},
          ...(options.request ? { request: options.request } : {}),
        };
        if (routeId === 'documents.orgDocTypes') {
          const result = [{ code: 'NOTE', label: 'Note de service', enabled: true }];
          real.bus.emit({ ...fact, type: `api.${routeId}.succeeded`, result } as never);
          return result as T;
        }
        const failure = { key: 'error.not-found', status: 404 };
        real.bus.emit({ ...fact, type: `api.${routeId}.failed`, failure } as never);
        throw failure;
      }),
  };
  const onClose = vi.fn();
  const onUploaded = vi.fn();
  renderWithProviders(
    <AppProvider services={{ ...real, api }}>
      <UploadDialog
        open
        onClose={onClose}
        onUploaded={onUploaded}
        orgs={[{ id: ORG, name: 'Horizon Services Paris', depth: 0 }]}
        defaultOrgId={ORG}
        createXhr={() => new ScriptedXhr() as never}
      />
    </AppProvider>,
  );
  return { onClose, onUploaded };
};

const slipIdOf = (xhr: ScriptedXhr): string =>
  (JSON.parse(xhr.body?.get('data') as string) as { slips: { id: string }[] }).slips[0]?.id ?? '';

/** Drops the files, then completes slip `index` for the employer's safe. */
const dropAndComplete = async (dialog: HTMLElement, names: readonly string[], complete: readonly number[]) => {
  await act(async () => {
    fireEvent.drop(within(dialog).getByTestId('upload-drop-zone'), { dataTransfer: { files: names.map(pdf) } });
  });
  await waitFor(() => expect(within(dialog).getAllByTestId('slip')).toHaveLength(names.length), { timeout: 5000 });
  for (const index of complete) {
    const slip = within(dialog).getByRole('listitem', { name: `Bordereau ${index}` });
    await waitFor(() => expect(within(slip).getByRole('option', { name: 'Note de service' })).toBeTruthy());
    fireEvent.change(within(slip).getByLabelText('Type de document'), { target: { value: 'NOTE' } });
    fireEvent.change(within(slip).getByLabelText('Coffre de destination'), { target: { value: 'EMPLOYER_SAFE' } });
  }
};

describe('upload dialog, driven by its machine', () => {
  it('sends the complete slip, leaves the incomplete last one behind, retries a failure on its own upload, and closes once all is stored', async () => {
    const { onClose, onUploaded } = renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Déposer des documents' });
    await dropAndComplete(dialog, ['note.pdf', 'reste.pdf'], [1]);
    const send = within(dialog).getByRole('button', { name: 'Déposer 1 document' });
    expect((send as HTMLButtonElement).disabled).toBe(false);
    act(() => {
      fireEvent.click(send);
    });
    await waitFor(() => expect(ScriptedXhr.all).toHaveLength(1));
    const status = within(dialog).getByTestId('slip-status');
    act(() => (ScriptedXhr.all[0] as ScriptedXhr).progress(50, 100));
    await waitFor(() => expect(status.textContent).toContain('Envoi : 50 %'));
    // While the slip is sent, it cannot be removed.
    const first = within(dialog).getByRole('listitem', { name: 'Bordereau 1' });
    expect((within(first).getByRole('button', { name: 'Retirer' }) as HTMLButtonElement).disabled).toBe(true);
    act(() => (ScriptedXhr.all[0] as ScriptedXhr).answer(500, { key: 'error.internal' }));
    await waitFor(() => expect(within(dialog).getByTestId('slip-status').getAttribute('data-status')).toBe('failed'));
    expect(onUploaded).not.toHaveBeenCalled();

    act(() => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Réessayer' }));
    });
    await waitFor(() => expect(ScriptedXhr.all).toHaveLength(2));
    const resent = ScriptedXhr.all[1] as ScriptedXhr;
    act(() => resent.answer(200, { documents: [{ slipId: slipIdOf(resent), document: { id: 'doc-1' } }] }));
    await waitFor(() => expect(within(dialog).getByTestId('slip-status').textContent).toContain('Déposé'));
    expect(onUploaded).toHaveBeenCalledTimes(1);
    // The slip left behind keeps the dialog open; « Fermer » asks to close it.
    expect(onClose).not.toHaveBeenCalled();
    act(() => {
      fireEvent.click(within(dialog).getAllByRole('button', { name: 'Fermer' }).at(-1) as HTMLElement);
    });
    expect(onClose).toHaveBeenCalledTimes(1);
    // Closed with nothing unsent but the slip left behind: the slips are forgotten.
    await waitFor(() => expect(within(dialog).queryAllByTestId('slip')).toHaveLength(0));

    // Every slip stored, none left behind: the dialog asks to close by itself.
    await dropAndComplete(dialog, ['autre.pdf'], [1]);
    act(() => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Déposer 1 document' }));
    });
    await waitFor(() => expect(ScriptedXhr.all).toHaveLength(3));
    const xhr = ScriptedXhr.all[2] as ScriptedXhr;
    act(() => xhr.answer(200, { documents: [{ slipId: slipIdOf(xhr), document: { id: 'doc-2' } }] }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(2));
    expect(onUploaded).toHaveBeenCalledTimes(2);
    expect(within(dialog).queryAllByTestId('slip')).toHaveLength(0);
  });
});
