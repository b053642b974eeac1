/** Campaigns (dispatch service, seed 001 §7.2): lifecycle owned by machines/campaign. */
import type { RouteTable } from '../../http/routes.ts';

export const dispatchRoutes: RouteTable = {};
