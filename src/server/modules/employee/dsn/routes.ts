/** DSN import (`POST /employees/dsn`): parse, match establishments, create or update, all or nothing. */
import type {} from '@fastify/multipart';
import { LIMITS } from '../../../../contract/constants.ts';
import { ALERT_KEYS, ERROR_KEYS } from '../../../../contract/keys.ts';
import { ApiFailure } from '../../../http/errors.ts';
import { type RouteTable, route } from '../../../http/routes.ts';
import { DsnSyntaxError, parseDsn } from './parse.ts';
import { importDsn } from './service.ts';

/** The multipart field of the seed (001 §7.4). */
export const DSN_FIELD = 'dsn';

const badUpload = (message: string, errors?: readonly string[]) =>
  new ApiFailure(400, ALERT_KEYS.employees.dsnUploadError, message, errors ?? [message]);

const tooLarge = () =>
  new ApiFailure(
    413,
    ERROR_KEYS.payloadTooLarge,
    `Le fichier DSN dépasse la taille maximale de ${LIMITS.uploadMaxBytes / 1024 / 1024} Mo.`,
  );

export const dsnRoutes: RouteTable = {
  'employees.dsn': route({
    async handle({ req, session, deps }) {
      if (typeof req.isMultipart !== 'function' || !req.isMultipart())
        throw badUpload(`Envoyez le fichier DSN en multipart/form-data, dans le champ « ${DSN_FIELD} ».`);
      const part = await req.file({ limits: { fileSize: LIMITS.uploadMaxBytes, files: 1 } });
      if (!part || part.fieldname !== DSN_FIELD)
        throw badUpload(`Aucun fichier dans le champ « ${DSN_FIELD} » de l'envoi.`);
      let bytes: Buffer;
      try {
        bytes = await part.toBuffer();
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
        throw error;
      }
      let file;
      try {
        file = parseDsn(bytes);
      } catch (error) {
        if (!(error instanceof DsnSyntaxError)) throw error;
        if (error.notDsn) throw badUpload(error.problems[0]?.message ?? '');
        const lines = error.problems.map((p) => `Ligne ${p.line} : ${p.message}`);
        throw badUpload(`Fichier DSN mal formé, rien n'a été importé. ${lines[0] ?? ''}`, lines);
      }
      const { result, touchedOrgIds } = await importDsn(deps.db, session, file);
      await Promise.all(touchedOrgIds.map((orgId) => deps.push.refreshBadges({ domain: session.domain, orgId })));
      return result;
    },
  }),
};
