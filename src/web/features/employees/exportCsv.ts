/**
 * The CSV export: the list call answered as `text/csv` (see src/server/modules/employee/README.md),
 * through the API client so it gets the session headers, token rotation, 401 handling and the
 * 10-minute download timeout like every other call. The page sends it as a command (`useCommand` on
 * `employees.list`): the file comes back on the bus and is saved under its fixed name.
 */
import type { CommandCall } from '../../../../machines/command/index.ts';
import { DOWNLOAD_NAMES } from '../../../contract/constants.ts';
import type { EmployeeSearchBody } from '../../../contract/entities.ts';
import { saveBlob } from '../../components/saveBlob.ts';

/** The export of the list's filters (every page: no offset nor limit). */
export const employeesCsvCall = (body: EmployeeSearchBody): CommandCall => ({
  body,
  query: { format: 'csv' },
  download: { accept: 'text/csv' },
});

export const saveEmployeesCsv = (csv: Blob): void => saveBlob(csv, DOWNLOAD_NAMES.employeesCsv);
