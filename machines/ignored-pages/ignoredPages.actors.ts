/** The ignored pages' effects, built from an API port so the machine imports nothing from the web app. */
import { fromPromise } from 'xstate';
import type { IgnoredPageItem, IgnoredPagesAnswer } from '../../src/contract/dispatch.ts';
import type { Campaign, Employee, EmployeePage } from '../../src/contract/entities.ts';
import type { RouteId } from '../../src/contract/routes.ts';

export interface IgnoredPagesApiPort {
  call<T>(
    routeId: RouteId,
    options?: { body?: unknown; params?: Record<string, string | number>; signal?: AbortSignal },
  ): Promise<T>;
}

/** How many employees the picker offers. */
export const PICKER_SIZE = 6;

export const createIgnoredPagesActors = (api: IgnoredPagesApiPort) => ({
  loadItems: fromPromise<readonly IgnoredPageItem[], { campaignId: string }>(async ({ input, signal }) => {
    const answer = await api.call<IgnoredPagesAnswer>('campaigns.ignoredPagesList', {
      params: { id: input.campaignId },
      signal,
    });
    return answer.items;
  }),
  searchEmployees: fromPromise<readonly Employee[], { organizationId: string; search: string }>(
    async ({ input, signal }) => {
      const page = await api.call<EmployeePage>('employees.list', {
        body: {
          search: input.search || undefined,
          limit: PICKER_SIZE,
          // The campaign's organisation and those below it, as the split matches (and the server accepts).
          orgID: input.organizationId,
          status: 'active',
        },
        signal,
      });
      return page.items;
    },
  ),
  assignPage: fromPromise<Campaign, { campaignId: string; item: IgnoredPageItem; employeeId: string }>(({ input }) =>
    api.call<Campaign>('campaigns.assignIgnoredPage', {
      params: { id: input.campaignId },
      body: { sourceId: input.item.sourceId, page: input.item.page, employeeId: input.employeeId },
    }),
  ),
});
