/** Employee directory routes (seed 001 §7.4). Handlers are registered by route id of the contract. */
import type { RouteTable } from '../../http/routes.ts';

export const employeeRoutes: RouteTable = {};
