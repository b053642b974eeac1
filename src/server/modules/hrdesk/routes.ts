import { BadgeCounts, DashboardData, SubscriptionStats } from '../../../contract/entities.ts';
import { DashboardCharts } from '../../../contract/dashboard.ts';
import { type RouteTable, route } from '../../http/routes.ts';
import { dashboardCharts } from './charts.ts';
import { badgeCounts, dashboard, subscriptionStats } from './service.ts';

export const hrdeskRoutes: RouteTable = {
  'subscription.stats': route({
    response: SubscriptionStats,
    handle: ({ deps, session }) => subscriptionStats(deps.db, session),
  }),
  'shell.badges': route({ response: BadgeCounts, handle: ({ deps, session }) => badgeCounts(deps.db, session) }),
  'shell.dashboard': route({ response: DashboardData, handle: ({ deps, session }) => dashboard(deps.db, session) }),
  'shell.dashboardCharts': route({
    response: DashboardCharts,
    handle: ({ deps, session }) => dashboardCharts(deps.db, session),
  }),
};
