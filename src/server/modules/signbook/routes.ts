/** Signbooks (HR desk service, seed 001 §7.7, plus the extensions marked in the contract). */
import { Schema as S } from 'effect';
import { OutboxMessage } from '../../../contract/entities.ts';
import {
  RecoverCodeAnswer,
  RecoverCodeBody,
  RefuseSignbookBody,
  SignbookCreated,
  SignbookListBody,
  SignbookPage,
  SignbookUpdateBody,
  SignbookView,
  SignSession,
  SocialSignerListBody,
  SocialSignerPage,
  SignWorkflowBody,
  TemplateBody,
  TemplateListBody,
  TemplatePage,
  TemplateView,
} from '../../../contract/signbook.ts';
import { type RouteTable, route } from '../../http/routes.ts';
import { outboxOfSignatory } from '../outbox/service.ts';
import { createSignbook } from './create.service.ts';
import { guestOf } from './guest.ts';
import { remove, retrySeal, update } from './manage.service.ts';
import { getSignbook, listSignbooks, signbookDocument, signSession } from './read.service.ts';
import { recoverCode, refuse, sign } from './sign.service.ts';
import { listSocialSigners } from './social.service.ts';
import { createTemplate, deleteTemplate, getTemplate, listTemplates, updateTemplate } from './templates.service.ts';
import { readSignbookUpload } from './upload.ts';

export const signbookRoutes: RouteTable = {
  'signbooks.list': route({
    body: SignbookListBody,
    response: SignbookPage,
    handle: ({ deps, session, body }) => listSignbooks(deps.db, session, body ?? {}),
  }),
  'signbooks.pending': route({
    body: SignbookListBody,
    response: SignbookPage,
    handle: ({ deps, session, params, body }) =>
      listSignbooks(deps.db, session, { ...(body ?? {}), subStatus: 'to-sign' }, params.id ?? ''),
  }),
  'signbooks.get': route({
    response: SignbookView,
    handle: ({ deps, session, params }) => getSignbook(deps.db, session, params.id ?? ''),
  }),
  'signbooks.document': route({
    handle: async ({ deps, session, params, reply }) => {
      const file = await signbookDocument(deps.db, session, params.id ?? '');
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename*=UTF-8''${encodeURIComponent(file.name)}`)
        .send(file.content);
    },
  }),
  'signbooks.upload': route({
    response: SignbookCreated,
    handle: async ({ deps, session, req, reply }) => {
      const { json, file } = await readSignbookUpload(req);
      const created = await createSignbook(deps, session, json, file);
      void reply.status(201);
      return created;
    },
  }),
  'signbooks.update': route({
    body: SignbookUpdateBody,
    response: SignbookView,
    handle: ({ deps, session, params, body }) => update(deps, session, params.id ?? '', body),
  }),
  'signbooks.delete': route({ handle: ({ deps, session, params }) => remove(deps, session, params.id ?? '') }),
  'signbooks.socialSigners': route({
    body: SocialSignerListBody,
    response: SocialSignerPage,
    handle: ({ deps, session, body }) => listSocialSigners(deps.db, session, body ?? {}),
  }),
  'signbooks.retrySeal': route({
    response: SignbookView,
    handle: ({ deps, session, params }) => retrySeal(deps, session, params.id ?? ''),
  }),
  'signbooks.recoverCode': route({
    body: RecoverCodeBody,
    response: RecoverCodeAnswer,
    handle: ({ deps, session, params, body }) => recoverCode(deps, session, params.workflowId ?? '', body),
  }),
  'signbooks.sign': route({
    body: SignWorkflowBody,
    response: SignbookView,
    handle: ({ deps, session, params, body }) => sign(deps, session, params.workflowId ?? '', body.codeSignature),
  }),
  'signbooks.refuse': route({
    body: RefuseSignbookBody,
    response: SignbookView,
    handle: ({ deps, session, params, body }) => refuse(deps, session, params.workflowId ?? '', body.reason),
  }),
  'signbooks.guestGet': route({
    response: SignbookView,
    handle: async ({ deps, params }) => {
      const { who, signbookId } = await guestOf(deps.db, params.token ?? '');
      return getSignbook(deps.db, who, signbookId);
    },
  }),
  'signbooks.guestDocument': route({
    handle: async ({ deps, params, reply }) => {
      const { who, signbookId } = await guestOf(deps.db, params.token ?? '');
      const file = await signbookDocument(deps.db, who, signbookId);
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename*=UTF-8''${encodeURIComponent(file.name)}`)
        .send(file.content);
    },
  }),
  'signbooks.guestRecoverCode': route({
    body: RecoverCodeBody,
    response: RecoverCodeAnswer,
    handle: async ({ deps, params, body }) => {
      const { who, signbookId } = await guestOf(deps.db, params.token ?? '');
      return recoverCode(deps, who, signbookId, body);
    },
  }),
  'signbooks.guestSign': route({
    body: SignWorkflowBody,
    response: SignbookView,
    handle: async ({ deps, params, body }) => {
      const { who, signbookId } = await guestOf(deps.db, params.token ?? '');
      return sign(deps, who, signbookId, body.codeSignature);
    },
  }),
  'signbooks.guestRefuse': route({
    body: RefuseSignbookBody,
    response: SignbookView,
    handle: async ({ deps, params, body }) => {
      const { who, signbookId } = await guestOf(deps.db, params.token ?? '');
      return refuse(deps, who, signbookId, body.reason);
    },
  }),
  'signbooks.guestOutbox': route({
    response: S.Array(OutboxMessage),
    handle: async ({ deps, params }) => {
      const { who } = await guestOf(deps.db, params.token ?? '');
      return outboxOfSignatory(deps.db, { domain: who.domain, id: who.signatoryId ?? '' });
    },
  }),
  'signbooks.session': route({ response: SignSession, handle: ({ deps, session }) => signSession(deps.db, session) }),
  'signbooks.templates': route({
    body: TemplateListBody,
    response: TemplatePage,
    handle: ({ deps, session, body }) => listTemplates(deps.db, session, body ?? {}),
  }),
  'signbooks.template': route({
    response: TemplateView,
    handle: ({ deps, session, params }) => getTemplate(deps.db, session, params.id ?? ''),
  }),
  'signbooks.templateCreate': route({
    body: TemplateBody,
    response: TemplateView,
    handle: ({ deps, session, body }) => deps.db.tx((q) => createTemplate(q, session, body)),
  }),
  'signbooks.templateUpdate': route({
    body: TemplateBody,
    response: TemplateView,
    handle: ({ deps, session, params, body }) => deps.db.tx((q) => updateTemplate(q, session, params.id ?? '', body)),
  }),
  'signbooks.templateDelete': route({
    handle: ({ deps, session, params }) => deps.db.tx((q) => deleteTemplate(q, session, params.id ?? '')),
  }),
};
