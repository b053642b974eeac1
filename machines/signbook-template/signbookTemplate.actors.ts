/** The template page's effects, built from ports (the signing client, the API client). */
import { fromPromise } from 'xstate';
import type { OrgDocTypeConf } from '../../src/contract/entities.ts';
import type { TemplateView } from '../../src/contract/signbook.ts';
import type { SignbookCreationApiPort } from '../signbook-creation/signbookCreation.actors.ts';
import type { SaveTemplateInput } from './signbookTemplate.types.ts';

export interface SignbookTemplateDeps {
  /** The signing-module client: read, create, update, delete the template. */
  readonly sign: SignbookCreationApiPort;
  /** The API client: the organisation's document types. */
  readonly api: SignbookCreationApiPort;
}

export const createSignbookTemplateActors = (deps: SignbookTemplateDeps) => ({
  loadTemplate: fromPromise<TemplateView | null, { id: string | null }>(({ input }) =>
    input.id ? deps.sign.call<TemplateView>('signbooks.template', { params: { id: input.id } }) : Promise.resolve(null),
  ),
  loadDocTypes: fromPromise<readonly OrgDocTypeConf[], { orgId: string }>(({ input, signal }) =>
    deps.api.call<OrgDocTypeConf[]>('documents.orgDocTypes', { params: { id: input.orgId }, signal }),
  ),
  saveTemplate: fromPromise<TemplateView, SaveTemplateInput>(({ input }) =>
    input.id
      ? deps.sign.call<TemplateView>('signbooks.templateUpdate', { params: { id: input.id }, body: input.body })
      : deps.sign.call<TemplateView>('signbooks.templateCreate', { body: input.body }),
  ),
  deleteTemplate: fromPromise<unknown, { id: string }>(({ input }) =>
    deps.sign.call<unknown>('signbooks.templateDelete', { params: { id: input.id } }),
  ),
});
