/** Translations and front configuration, public and cacheable. */
import { readFile } from 'node:fs/promises';
import { LOCALES } from '../../../contract/constants.ts';
import { notFound } from '../../http/errors.ts';
import { type RouteTable, route } from '../../http/routes.ts';
import { projectPath } from '../../paths.ts';

const LOCALES_DIR = projectPath('src/web/i18n/locales') + '/';

export const staticRoutes: RouteTable = {
  'i18n.locale': route({
    handle: async ({ params, reply }) => {
      const locale = params.locale ?? '';
      if (!(LOCALES as readonly string[]).includes(locale)) throw notFound();
      const text = await readFile(`${LOCALES_DIR}${locale}.json`, 'utf8').catch(() => null);
      if (text === null) throw notFound();
      // `{id}` in the URL changes with each release, so a day of caching never serves stale text.
      return reply.type('application/json; charset=utf-8').header('cache-control', 'public, max-age=86400').send(text);
    },
  }),
  'config.front': route({
    handle: async ({ deps, reply }) => {
      void reply.header('cache-control', 'no-cache');
      return { analyticsToken: null, version: deps.config.version };
    },
  }),
};
