/**
 * How the page reaches a signbook: as the session user (by id), or as a guest signatory holding the
 * link mailed at its step (by token, public routes, no back-office session). Same screens, other routes.
 */
import type { RouteId } from '../../../contract/routes.ts';

export type SignbookAccess =
  { readonly id: string; readonly token?: undefined } | { readonly token: string; readonly id?: undefined };

type Call = readonly [RouteId, Record<string, string>];

export interface SignbookCalls {
  readonly get: Call;
  readonly document: Call;
  readonly recoverCode: Call;
  readonly sign: Call;
  readonly refuse: Call;
  /** The demo outbox of this signer: the session's own messages, or the guest signatory's. */
  readonly outbox: Call;
}

export const callsOf = (access: SignbookAccess): SignbookCalls =>
  access.token !== undefined
    ? {
        get: ['signbooks.guestGet', { token: access.token }],
        document: ['signbooks.guestDocument', { token: access.token }],
        recoverCode: ['signbooks.guestRecoverCode', { token: access.token }],
        sign: ['signbooks.guestSign', { token: access.token }],
        refuse: ['signbooks.guestRefuse', { token: access.token }],
        outbox: ['signbooks.guestOutbox', { token: access.token }],
      }
    : {
        get: ['signbooks.get', { id: access.id }],
        document: ['signbooks.document', { id: access.id }],
        recoverCode: ['signbooks.recoverCode', { workflowId: access.id }],
        sign: ['signbooks.sign', { workflowId: access.id }],
        refuse: ['signbooks.refuse', { workflowId: access.id }],
        outbox: ['outbox.list', {}],
      };

export const accessKey = (access: SignbookAccess): string => access.token ?? access.id ?? '';
