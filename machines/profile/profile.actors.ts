/** The profile page's effects, built from an API port so the machine imports nothing from the web app. */
import { fromPromise } from 'xstate';
import type { Locale } from '../../src/contract/constants.ts';
import type { RouteId } from '../../src/contract/routes.ts';
import type { PasswordFields, ProfileIdentity } from './profile.types.ts';

export interface ProfileApiPort {
  call<T>(
    routeId: RouteId,
    options?: { body?: unknown; params?: Record<string, string | number>; signal?: AbortSignal },
  ): Promise<T>;
}

interface IdentityInput {
  readonly userId: string;
  readonly identity: ProfileIdentity;
}

export const createProfileActors = (api: ProfileApiPort) => ({
  /** Answers with the identity it sent: the machine's new saved identity. */
  saveIdentity: fromPromise<ProfileIdentity, IdentityInput>(async ({ input }) => {
    await api.call('users.updateBasic', { params: { id: input.userId }, body: input.identity });
    return input.identity;
  }),
  changePassword: fromPromise<unknown, PasswordFields>(({ input }) =>
    api.call('users.changePassword', {
      body: { oldPassword: input.current, password: input.password, confirmation: input.confirmation },
    }),
  ),
  // The server keeps the language too, so it follows the user to another browser.
  persistLocale: fromPromise<unknown, IdentityInput & { readonly locale: Locale }>(({ input }) =>
    api.call('users.updateBasic', {
      params: { id: input.userId },
      body: { ...input.identity, locale: input.locale },
    }),
  ),
});
