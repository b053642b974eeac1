/** Employee directory routes (seed 001 §7.4). Answer shapes: README.md beside this file. */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Schema as S } from 'effect';
import { MAX_LENGTH } from '../../../contract/constants.ts';
import {
  Employee,
  EmployeeInput,
  EmployeePage,
  EmployeeSearchBody,
  EmployeeStats,
} from '../../../contract/entities.ts';
import { IdList, Text, Uuid } from '../../../contract/fields.ts';
import type { SessionContext } from '../../auth/sessions.ts';
import type { Db } from '../../db/db.ts';
import { type RouteTable, route } from '../../http/routes.ts';
import { decodeBody } from '../../http/validate.ts';
import { employeesCsv } from './csv.ts';
import {
  createEmployee,
  deactivateEmployee,
  getEmployee,
  importEmployee,
  importSearch,
  openSafeAccounts,
  removeFromOrganization,
  setBpe,
  updateEmployee,
  validateEmployees,
} from './employee.service.ts';
import { activationLetter, sendReminders } from './letter.ts';
import { employeeStats, listEmployees } from './list.service.ts';

const Ids = S.Struct({ ids: IdList(Text(MAX_LENGTH.id)) });
const OneOrMany = S.Struct({ id: S.optional(Text(MAX_LENGTH.id)), ids: S.optional(IdList(Text(MAX_LENGTH.id))) });
const GLOBAL_SEARCH_LIMIT = 10;

const wantsCsv = (req: FastifyRequest): boolean =>
  (req.query as Record<string, unknown> | undefined)?.format === 'csv' ||
  /\btext\/csv\b/.test(req.headers.accept ?? '');

async function listOrCsv(
  db: Db,
  session: SessionContext,
  req: FastifyRequest,
  reply: FastifyReply,
  body: EmployeeSearchBody,
  orgId?: string,
) {
  if (!wantsCsv(req)) return listEmployees(db, session, body, { orgId });
  const stream = await employeesCsv(db, session, body, orgId);
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', 'attachment; filename="employees.csv"')
    .send(stream);
}

export const employeeRoutes: RouteTable = {
  'employees.list': route({
    body: EmployeeSearchBody,
    response: EmployeePage,
    handle: ({ deps, session, body, req, reply }) => listOrCsv(deps.db, session, req, reply, body),
  }),
  'employees.listForOrg': route({
    body: EmployeeSearchBody,
    response: EmployeePage,
    handle: ({ deps, session, body, req, reply, params }) =>
      listOrCsv(deps.db, session, req, reply, body, params.orgID ?? ''),
  }),
  'employees.stats': route({
    body: EmployeeSearchBody,
    response: EmployeeStats,
    handle: ({ deps, session, body }) => employeeStats(deps.db, session, body.orgID),
  }),
  'employees.statsForOrg': route({
    body: EmployeeSearchBody,
    response: EmployeeStats,
    handle: ({ deps, session, params }) => employeeStats(deps.db, session, params.orgID ?? ''),
  }),
  'employees.search': route({
    body: EmployeeSearchBody,
    response: EmployeePage,
    handle: ({ deps, session, body }) =>
      listEmployees(deps.db, session, body, { wholeScope: true, defaultLimit: GLOBAL_SEARCH_LIMIT }),
  }),
  'employees.get': route({
    response: Employee,
    handle: ({ deps, session, params }) => getEmployee(deps.db, session, params.id ?? ''),
  }),
  'employees.create': route({
    body: EmployeeInput,
    handle: async ({ deps, session, body, reply }) => {
      const created = await createEmployee(deps, session, body);
      void reply.status(201);
      return created;
    },
  }),
  'employees.update': route({
    body: EmployeeInput,
    response: Employee,
    handle: ({ deps, session, body, params }) => updateEmployee(deps, session, params.id ?? '', body),
  }),
  'employees.delete': route({
    handle: ({ deps, session, params }) => deactivateEmployee(deps, session, params.id ?? ''),
  }),
  'employees.deactivate': route({
    handle: ({ deps, session, params }) => deactivateEmployee(deps, session, params.id ?? ''),
  }),
  'employees.validate': route({
    body: Ids,
    handle: ({ deps, session, body }) => validateEmployees(deps, session, body.ids),
  }),
  'employees.bpe': route({
    body: S.Struct({ bpe: S.Boolean }),
    response: Employee,
    handle: ({ deps, session, body, params }) => setBpe(deps.db, session, params.id ?? '', body.bpe),
  }),
  'employees.createEDocPerso': route({
    body: OneOrMany,
    handle: ({ deps, session, body }) =>
      openSafeAccounts(deps, session, [...(body.ids ?? []), ...(body.id ? [body.id] : [])]),
  }),
  'employees.reminder': route({
    body: OneOrMany,
    handle: ({ deps, session, body }) => sendReminders(deps, session, body),
  }),
  'employees.activationMail': route({
    body: OneOrMany,
    handle: async ({ deps, session, body, reply }) => {
      const pdf = await activationLetter(deps, session, body);
      // The seed's protocol: 204 means the letter could not be produced.
      if (!pdf) return reply.status(204).send();
      return reply
        .type('application/pdf')
        .header('content-disposition', 'attachment; filename="activation.pdf"')
        .send(pdf);
    },
  }),
  'employees.importSearch': route({
    body: S.Struct({
      email: S.String.pipe(S.minLength(1), S.maxLength(MAX_LENGTH.email)),
      orgId: S.optional(Text(MAX_LENGTH.id)),
    }),
    handle: ({ deps, session, body }) => importSearch(deps.db, session, body.email, body.orgId),
  }),
  'employees.import': route({
    body: S.Struct({
      empId: Text(MAX_LENGTH.id),
      orgId: Text(MAX_LENGTH.id),
      registrationNumber: S.optional(Text(MAX_LENGTH.reference)),
    }),
    response: Employee,
    handle: ({ deps, session, body }) => importEmployee(deps, session, body),
  }),
  'employees.removeFromOrganization': route({
    // The organisation to leave, in the body or the query; a malformed one is refused, never read as
    // "every visible organisation" (that widening is only for a call that names none).
    body: S.Struct({ orgId: S.optional(Uuid) }),
    handle: ({ deps, session, params, req, body }) => {
      const query = decodeBody(S.Struct({ orgId: S.optional(Uuid) }), req.query);
      return removeFromOrganization(deps, session, params.id ?? '', body.orgId ?? query.orgId);
    },
  }),
};
