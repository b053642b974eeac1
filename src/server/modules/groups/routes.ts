/** Employee groups (HR desk, seed 001 §7.5). */
import type { RouteTable } from '../../http/routes.ts';

export const groupRoutes: RouteTable = {};
