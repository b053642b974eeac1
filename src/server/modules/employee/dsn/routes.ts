/** DSN import (`POST /employees/dsn`): parse, match establishments, create or update, all or nothing. */
import type { RouteTable } from '../../../http/routes.ts';

export const dsnRoutes: RouteTable = {};
