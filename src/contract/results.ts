/**
 * What a route answers, by route id, for the routes whose answer the contract names: the web's API
 * client publishes every call's result on its bus as `api.<routeId>.succeeded` with this type (and
 * `unknown` for the others), so a machine listening to a route reads the same type the server writes.
 * Types only: nothing here reaches the browser's bundle.
 */
import type {
  CampaignPage,
  DispatchedDocDetail,
  DispatchedDocPage,
  EditiqueInfos,
  IgnoredPagesAnswer,
  ValidateAnswer,
} from './dispatch.ts';
import type { DashboardCharts } from './dashboard.ts';
import type { DocumentDetail, DocumentPage } from './documents.ts';
import type { DsnImportResult } from './dsn.ts';
import type {
  BadgeCounts,
  Campaign,
  CurrentUser,
  DashboardData,
  DispatchedDocument,
  Employee,
  EmployeeGroupPage,
  EmployeePage,
  LoginResponse,
  Organization,
  OrganizationNode,
  OrganizationStats,
} from './entities.ts';
import type { RulePage, UserAdminPage, UserGroupPage } from './rights.ts';
import type { RouteId } from './routes.ts';
import type {
  SignbookCreated,
  SignbookPage,
  SignbookView,
  SignSession,
  SocialSignerPage,
  TemplatePage,
  TemplateView,
} from './signbook.ts';

export interface RouteResults {
  'campaigns.get': Campaign;
  'campaigns.list': CampaignPage;
  'campaigns.cancel': Campaign;
  'campaigns.refuseDispatch': Campaign;
  'campaigns.retry': Campaign;
  'campaigns.validate': ValidateAnswer;
  'campaigns.deleteDispatchedDocs': Campaign;
  'campaigns.assignIgnoredPage': Campaign;
  'campaigns.dispatchedDocs': DispatchedDocPage;
  'campaigns.dispatchedDoc': DispatchedDocDetail;
  'campaigns.retryDispatchedDoc': DispatchedDocument;
  'campaigns.sendDispatchedDoc': DispatchedDocument;
  'campaigns.editiqueInfos': EditiqueInfos;
  'campaigns.ignoredPagesList': IgnoredPagesAnswer;
  'documents.get': DocumentDetail;
  'documents.list': DocumentPage;
  'employees.dsn': DsnImportResult;
  'employees.get': Employee;
  'employees.list': EmployeePage;
  'groups.listForOrg': EmployeeGroupPage;
  'organizations.get': Organization;
  'organizations.tree': OrganizationNode[];
  'organizations.stats': OrganizationStats;
  'organizations.ancestors': Organization[];
  'organizations.list': { count: number; items: Organization[] };
  'signbooks.get': SignbookView;
  'signbooks.guestGet': SignbookView;
  'signbooks.list': SignbookPage;
  'signbooks.upload': SignbookCreated;
  'signbooks.session': SignSession;
  'signbooks.socialSigners': SocialSignerPage;
  'signbooks.template': TemplateView;
  'signbooks.templates': TemplatePage;
  'shell.badges': BadgeCounts;
  'shell.dashboard': DashboardData;
  'shell.dashboardCharts': DashboardCharts;
  'users.current': CurrentUser;
  'users.list': UserAdminPage;
  'userGroups.list': UserGroupPage;
  'rules.list': RulePage;
  'auth.login': LoginResponse;
}

/** The answer of `R`: its contract type, else `unknown` (read it as the caller knows it). */
export type RouteResult<R extends RouteId> = R extends keyof RouteResults ? RouteResults[R] : unknown;

/** Every key above is a route id: a renamed route fails to compile here. */
type Assert<T extends true> = T;
export type ResultsNameRoutes = Assert<[Exclude<keyof RouteResults, RouteId>] extends [never] ? true : false>;
