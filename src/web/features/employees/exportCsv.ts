/**
 * The CSV export: the list call answered as `text/csv` (see src/server/modules/employee/README.md),
 * through the API client so it gets the session headers, token rotation, 401 handling and the
 * 10-minute download timeout like every other call.
 */
import { DOWNLOAD_NAMES } from '../../../contract/constants.ts';
import type { EmployeeSearchBody } from '../../../contract/entities.ts';
import type { Services } from '../../app/index.ts';
import { saveBlob } from '../../components/saveBlob.ts';

export const exportEmployeesCsv = async (services: Services, body: EmployeeSearchBody): Promise<void> => {
  const csv = await services.api.call<Blob>('employees.list', {
    body,
    query: { format: 'csv' },
    download: { accept: 'text/csv' },
  });
  saveBlob(csv, DOWNLOAD_NAMES.employeesCsv);
};
