/** The group form's effects, built from an API port so the machine imports nothing from the web app. */
import { fromPromise } from 'xstate';
import type {
  EmployeeGroupDetail,
  EmployeeGroupInput,
  EmployeeGroupUpdate,
  Organization,
} from '../../src/contract/entities.ts';
import type { RouteId } from '../../src/contract/routes.ts';
import type { GroupFormLoaded } from './groupForm.types.ts';

export interface GroupFormApiPort {
  call<T>(
    routeId: RouteId,
    options?: { body?: unknown; params?: Record<string, string | number>; signal?: AbortSignal },
  ): Promise<T>;
}

export type SaveInput =
  | { readonly groupId: null; readonly body: EmployeeGroupInput }
  | { readonly groupId: string; readonly body: EmployeeGroupUpdate };

export const createGroupFormActors = (api: GroupFormApiPort) => ({
  // Edit: the group; create: the organisations offered, whose failure only leaves the current one.
  loadGroup: fromPromise<GroupFormLoaded, { groupId: string | null }>(async ({ input, signal }) => {
    if (input.groupId === null) {
      const orgs = await api.call<Organization[]>('organizations.eligible', { signal }).catch(() => []);
      return { group: null, orgs };
    }
    const group = await api.call<EmployeeGroupDetail>('groups.get', { params: { id: input.groupId }, signal });
    return { group, orgs: [] };
  }),
  saveGroup: fromPromise<EmployeeGroupDetail, SaveInput>(({ input }) =>
    input.groupId === null
      ? api.call<EmployeeGroupDetail>('groups.create', { body: input.body })
      : api.call<EmployeeGroupDetail>('groups.update', { params: { id: input.groupId }, body: input.body }),
  ),
  deleteGroup: fromPromise<unknown, { groupId: string }>(({ input }) =>
    api.call('groups.delete', { params: { id: input.groupId } }),
  ),
});
