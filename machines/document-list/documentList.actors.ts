/**
 * The documents list's effects, built from ports so the machine imports nothing from the web app:
 * reading a page (its signal aborts when a newer query overtakes it) with the filter's employee name
 * when no row says it, making and saving a zip (followed in the notifications panel, canceled there),
 * and the deposits heard live (a stream the machine listens to while it runs).
 */
import { fromEventObservable, fromPromise, type Subscribable } from 'xstate';
import type { DocumentPage } from '../../src/contract/documents.ts';
import type { Employee } from '../../src/contract/entities.ts';
import type { RouteId } from '../../src/contract/routes.ts';
import type {
  ArchiveInput,
  ArchiveOutcome,
  DepositFact,
  EmployeeName,
  ReadListInput,
  ReadListOutput,
} from './documentList.types.ts';

export interface DocumentListApiPort {
  call<T>(
    routeId: RouteId,
    options?: { body?: unknown; params?: Record<string, string | number>; signal?: AbortSignal },
  ): Promise<T>;
}

export interface DocumentListPorts {
  readonly api: DocumentListApiPort;
  /** Makes the zip and saves it; resolves `canceled` when the user cancels it, rejects on failure. */
  readonly downloadArchive: (input: ArchiveInput) => Promise<ArchiveOutcome>;
  /** A fact each time the list should be read again (deposits heard, pushes lost). */
  readonly deposits: Subscribable<DepositFact>;
}

/** The filter's employee, when the page shows none of their documents and their name is not known yet. */
const unnamedEmployee = (input: ReadListInput, page: DocumentPage): string | null => {
  const id = input.query.employeeIds?.[0];
  if (!id || input.known?.id === id || page.items.some((d) => d.employeeId === id)) return null;
  return id;
};

const readEmployeeName = async (api: DocumentListApiPort, id: string, signal: AbortSignal): Promise<EmployeeName> => {
  try {
    const e = await api.call<Employee>('employees.get', { params: { id }, signal });
    return { id, label: `${e.name} ${e.firstName}` };
  } catch {
    return { id, label: null };
  }
};

export const createDocumentListActors = (ports: DocumentListPorts) => ({
  readList: fromPromise<ReadListOutput, ReadListInput>(async ({ input, signal }) => {
    const page = await ports.api.call<DocumentPage>('documents.list', { body: input.query, signal });
    const id = unnamedEmployee(input, page);
    return { page, employee: id ? await readEmployeeName(ports.api, id, signal) : input.known };
  }),
  // Not tied to the actor's signal: a zip the user started outlives the page (the notifications panel
  // follows it and cancels it); leaving the page only stops listening to its outcome.
  downloadArchive: fromPromise<ArchiveOutcome, ArchiveInput>(({ input }) => ports.downloadArchive(input)),
  deposits: fromEventObservable<DepositFact, void>(() => ports.deposits),
});
