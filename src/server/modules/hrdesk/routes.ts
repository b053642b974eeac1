import { BadgeCounts, DashboardData, SubscriptionStats } from '../../../contract/entities.ts';
import { type RouteTable, route } from '../../http/routes.ts';
import { badgeCounts, dashboard, subscriptionStats } from './service.ts';

export const hrdeskRoutes: RouteTable = {
  'subscription.stats': route({
    response: SubscriptionStats,
    handle: ({ deps, session }) => subscriptionStats(deps.db, session),
  }),
  'shell.badges': route({ response: BadgeCounts, handle: ({ deps, session }) => badgeCounts(deps.db, session) }),
  'shell.dashboard': route({ response: DashboardData, handle: ({ deps, session }) => dashboard(deps.db, session) }),
};
