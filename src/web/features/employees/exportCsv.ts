/**
 * The CSV export: the list call answered as `text/csv` (see src/server/modules/employee/README.md).
 * The API client reads JSON or declared-binary routes only, so this one call is made here, with the
 * same session headers and the same token rotation.
 */
import { DOWNLOAD_NAMES } from '../../../contract/constants.ts';
import type { EmployeeSearchBody } from '../../../contract/entities.ts';
import { AUTH_HEADERS, routeUrl } from '../../../contract/routes.ts';
import type { Services } from '../../app/index.ts';
import { saveBlob } from './download.ts';

export const exportEmployeesCsv = async (services: Services, body: EmployeeSearchBody): Promise<void> => {
  const { sessionStore } = services;
  const headers: Record<string, string> = { Accept: 'text/csv', 'Content-Type': 'application/json' };
  const token = sessionStore.getToken();
  const refresh = sessionStore.getRefreshToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (refresh) headers['Refresh-Token'] = refresh;
  const response = await fetch(`${routeUrl('employees.list')}?format=csv`, {
    method: 'POST',
    headers,
    body: JSON.stringify(body),
  });
  const rotated = response.headers.get(AUTH_HEADERS.setAuthorization);
  const rotatedRefresh = response.headers.get(AUTH_HEADERS.setRefreshToken);
  if (rotatedRefresh) sessionStore.setRefreshToken(rotatedRefresh);
  if (rotated) sessionStore.setToken(rotated.replace(/^Bearer\s+/i, ''));
  if (!response.ok) throw new Error(`export failed: ${response.status}`);
  saveBlob(await response.blob(), DOWNLOAD_NAMES.employeesCsv);
};
