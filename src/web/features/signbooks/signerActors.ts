/** The signer machine's three calls, through the signing client (so 'Auth token not valid' is handled there). */
import { fromPromise } from 'xstate';
import type {
  RequestCodeInput,
  SentCode,
  SignerFailure,
  SubmitCodeInput,
  SubmitRefusalInput,
} from '../../../../machines/signer/index.ts';
import { ERROR_KEYS } from '../../../contract/keys.ts';
import type { RecoverCodeAnswer, SignbookView } from '../../../contract/signbook.ts';
import { isApiFailure } from '../../api/index.ts';
import type { SignClient } from './signClient.ts';
import { callsOf, type SignbookAccess } from './signbookAccess.ts';

/** The machine reads failures as `{ key, status }`. */
const asFailure = (error: unknown): SignerFailure =>
  isApiFailure(error) ? { key: error.key, status: error.status } : { key: ERROR_KEYS.internal, status: 0 };

const rethrow = (error: unknown): never => {
  throw asFailure(error);
};

/** The machine's `signbookId` is informative here: the access decides the routes (session id or guest token). */
export const signerActors = (sign: SignClient, access: SignbookAccess) => {
  const calls = callsOf(access);
  return {
    requestCode: fromPromise<SentCode, RequestCodeInput>(({ input }) =>
      sign
        .call<RecoverCodeAnswer>(calls.recoverCode[0], {
          params: calls.recoverCode[1],
          body: {
            mode: input.mode,
            ...(input.email ? { email: input.email } : {}),
            ...(input.phone ? { phone: input.phone } : {}),
          },
        })
        .catch(rethrow),
    ),
    submitCode: fromPromise<unknown, SubmitCodeInput>(({ input }) =>
      sign
        .call<SignbookView>(calls.sign[0], {
          params: calls.sign[1],
          body: { codeSignature: input.code },
        })
        .catch(rethrow),
    ),
    submitRefusal: fromPromise<unknown, SubmitRefusalInput>(({ input }) =>
      sign
        .call<SignbookView>(calls.refuse[0], { params: calls.refuse[1], body: { reason: input.reason } })
        .catch(rethrow),
    ),
  };
};
