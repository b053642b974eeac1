/** The organisation form's effects, built from an API port so the machine imports nothing from the web app. */
import { fromPromise } from 'xstate';
import type { CompanyInfo, Organization, OrganizationInput } from '../../src/contract/entities.ts';
import type { RouteId } from '../../src/contract/routes.ts';
import type { OrgFormLoaded } from './orgForm.types.ts';

export interface OrgFormApiPort {
  call<T>(
    routeId: RouteId,
    options?: { body?: unknown; params?: Record<string, string | number>; signal?: AbortSignal },
  ): Promise<T>;
}

export interface SaveInput {
  readonly orgId: string | null;
  readonly body: OrganizationInput;
}

/** How many parents the edit offers: the organisations that are not below the one edited. */
const PARENT_CHOICES = 200;

export const createOrgFormActors = (api: OrgFormApiPort) => ({
  // Edit: the organisation and the parents it may move under, read together; create: the eligible parents.
  loadForm: fromPromise<OrgFormLoaded, { orgId: string | null }>(async ({ input, signal }) => {
    if (input.orgId === null) {
      return { organization: null, parents: await api.call<Organization[]>('organizations.eligible', { signal }) };
    }
    const [organization, choices] = await Promise.all([
      api.call<Organization>('organizations.get', { params: { id: input.orgId }, signal }),
      api.call<{ items: Organization[] }>('organizations.noChildren', {
        params: { orgID: input.orgId },
        body: { limit: PARENT_CHOICES },
        signal,
      }),
    ]);
    return { organization, parents: choices.items };
  }),
  lookupCompany: fromPromise<CompanyInfo, { siret: string }>(({ input, signal }) =>
    api.call<CompanyInfo>('organizations.bySiret', { params: { siret: input.siret }, signal }),
  ),
  saveOrganization: fromPromise<Organization, SaveInput>(({ input }) =>
    input.orgId === null
      ? api.call<Organization>('organizations.create', { body: input.body })
      : api.call<Organization>('organizations.update', { params: { id: input.orgId }, body: input.body }),
  ),
});
