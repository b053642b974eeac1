/** The configuration panel's effects, built from an API port so the machine imports nothing from the web app. */
import { fromPromise } from 'xstate';
import type { OrgDocTypeConf, OrganizationConf } from '../../src/contract/entities.ts';
import type { RouteId } from '../../src/contract/routes.ts';
import type { OrgConfLoaded } from './orgConf.types.ts';

export interface OrgConfApiPort {
  call<T>(
    routeId: RouteId,
    options?: { body?: unknown; params?: Record<string, string | number>; signal?: AbortSignal },
  ): Promise<T>;
}

export const createOrgConfActors = (api: OrgConfApiPort) => ({
  // The configuration and the document types' switches, read together.
  loadConf: fromPromise<OrgConfLoaded, { orgId: string }>(async ({ input, signal }) => {
    const [conf, docTypes] = await Promise.all([
      api.call<OrganizationConf>('organizations.conf', { params: { id: input.orgId }, signal }),
      api.call<OrgDocTypeConf[]>('documents.orgDocTypes', { params: { id: input.orgId }, signal }),
    ]);
    return { conf, docTypes };
  }),
  saveConf: fromPromise<OrganizationConf, { orgId: string; body: OrganizationConf }>(({ input }) =>
    api.call<OrganizationConf>('organizations.updateConf', { params: { id: input.orgId }, body: input.body }),
  ),
});
