/**
 * One signbook for the page: its view for the session user and its PDF, both re-read whenever the
 * signbook changes (push). A signatory of a later step gets 409 `error.signbook.document-not-yet`:
 * kept as the answer's `blockedKey`, not shown as a failure.
 */
import { useCallback, useEffect, useState } from 'react';
import { ERROR_KEYS } from '../../../contract/keys.ts';
import type { SignbookView } from '../../../contract/signbook.ts';
import { isApiFailure } from '../../api/index.ts';
import { useGuestLive } from './useGuestLive.ts';
import { useSignbookChanges } from './useSignbookLive.ts';
import { useSignClient } from './useSignClient.ts';
import { accessKey, callsOf, type SignbookAccess } from './signbookAccess.ts';

export interface SignbookState {
  readonly view: SignbookView | null;
  readonly pdf: Uint8Array | null;
  /** Why the signbook is not shown (translation key): not found, not yet your turn… */
  readonly errorKey: string | null;
  readonly loading: boolean;
}

export const useSignbook = (access: SignbookAccess) => {
  const sign = useSignClient();
  // A session user hears the app's push; a guest its own socket (signing link's token).
  const changes = useSignbookChanges(access.id);
  const guest = useGuestLive(access.token);
  const key = accessKey(access);
  const [state, setState] = useState<SignbookState>({ view: null, pdf: null, errorKey: null, loading: true });
  const [reload, setReload] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    const signal = controller.signal;
    sign
      .call<SignbookView>(callsOf(access).get[0], { params: callsOf(access).get[1], signal })
      .then((view) => setState((s) => ({ ...s, view, errorKey: null, loading: false })))
      .catch((failure: unknown) => {
        if (signal.aborted) return;
        const key = isApiFailure(failure) ? failure.key : ERROR_KEYS.internal;
        setState((s) => ({ ...s, errorKey: key, loading: false }));
      });
    return () => controller.abort();
  }, [sign, key, changes, guest.version, reload]); // eslint-disable-line react-hooks/exhaustive-deps -- key stands for access

  // The document changes only when sealed (a new file id): read it once, and again for the sealed one.
  const docId = state.view?.documents[0]?.id ?? null;
  useEffect(() => {
    if (!docId) return;
    const controller = new AbortController();
    sign
      .call<Blob>(callsOf(access).document[0], { params: callsOf(access).document[1], signal: controller.signal })
      .then((blob) => blob.arrayBuffer())
      .then((bytes) => !controller.signal.aborted && setState((s) => ({ ...s, pdf: new Uint8Array(bytes) })))
      .catch(() => undefined); // the page says the document is unavailable (pdf stays null)
    return () => controller.abort();
  }, [sign, key, docId]); // eslint-disable-line react-hooks/exhaustive-deps -- key stands for access

  // Sealing takes a moment: the page asks again meanwhile, unless it is a guest whose socket is up
  // (it hears the end of the seal; a session page keeps this fallback, its push state not being tracked here).
  const polling = state.view?.status === 'SEALING' && !(access.token !== undefined && guest.live);
  useEffect(() => {
    if (!polling) return;
    const timer = setInterval(() => setReload((n) => n + 1), 2000);
    return () => clearInterval(timer);
  }, [polling]);

  const refresh = useCallback(() => setReload((n) => n + 1), []);
  return { ...state, refresh };
};
