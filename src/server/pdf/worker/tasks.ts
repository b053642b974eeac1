/**
 * What the PDF worker thread does (worker.ts runs these; calls.ts is how the main thread asks). Only
 * PDF modules are imported here, one by one: no database, no HTTP.
 */
import { splitPages } from '../../modules/dispatch/split.pages.ts';
import type { SplitMask } from '../../modules/dispatch/split.mask.ts';
import { type EmployeeRow, indexEmployees } from '../employee-index.ts';
import { inspectPdf, openPdf, storablePdf } from '../open.ts';
import { bakeAnnotations, writePart } from '../part.ts';
import { pageHasText } from '../zone.ts';

export interface TaskContext {
  /** The main thread gave up on this call (the split job stopped): end it. */
  readonly cancelled: boolean;
  /** Posts an event of a streaming call, once the previous one was taken. */
  emit(value: unknown, transfer?: readonly ArrayBuffer[]): Promise<void>;
  sha256(bytes: Uint8Array): string;
}
export interface TaskResult {
  value: unknown;
  transfer?: readonly ArrayBuffer[];
}
type Task = (input: never, context: TaskContext) => TaskResult | Promise<TaskResult>;

/** An upload's checks: the bytes to store (decrypted when only an owner password protected them) and their pages. */
export interface CheckInput {
  bytes: Uint8Array<ArrayBuffer>;
}
export interface CheckOutput {
  bytes: Uint8Array<ArrayBuffer>;
  pages: number;
}
function check({ bytes }: CheckInput): TaskResult {
  const stored = storablePdf(bytes);
  // Unchanged: the very bytes received; decrypted: a copy of mupdf's buffer, an ArrayBuffer of its own.
  const own = stored as Uint8Array<ArrayBuffer>;
  const value: CheckOutput = { bytes: own, pages: inspectPdf(own).pages };
  return { value, transfer: [own.buffer] };
}

/** A source's page count, every page checked (`PdfProblem` otherwise). */
function pages({ bytes }: CheckInput): TaskResult {
  return { value: inspectPdf(bytes).pages };
}

export interface SplitInput {
  bytes: Uint8Array<ArrayBuffer>;
  mask: SplitMask;
  /** The employees the campaign reaches (`employeeRows`), indexed here by the mask's identifier. */
  employees: readonly EmployeeRow[];
  orgIds: readonly string[];
  /** Parts (or ignored pages) per event: the store's batch. */
  batch: number;
}
export interface WorkerPart {
  employeeId: string;
  identifier: string;
  /** 1-based pages of the source. */
  pages: number[];
  bytes: Uint8Array<ArrayBuffer>;
  sha256: string;
}
export type SplitWorkerEvent =
  | { kind: 'opened'; pages: number }
  | {
      kind: 'batch';
      parts: WorkerPart[];
      ignored: { page: number; text: string }[];
      /** The last page fully decided (the campaign's pages_split once this batch is stored). */
      decided: number;
    };
export interface SplitOutput {
  pages: number;
  matched: number;
  /** Pages ignored that have no text at all (scanned): all of them, and the file cannot be split. */
  textless: number;
  cancelled: boolean;
}

/** The split's PDF side: open, read each page's zone, identify, group, write each part; batches to the main thread. */
async function split(input: SplitInput, context: TaskContext): Promise<TaskResult> {
  const doc = openPdf(input.bytes);
  try {
    // Filled form fields and stamps become page content: the parts keep them, the zones read them.
    bakeAnnotations(doc);
    const count = doc.countPages();
    await context.emit({ kind: 'opened', pages: count } satisfies SplitWorkerEvent);
    const lookup = indexEmployees(input.employees, input.orgIds, input.mask.identifier);
    let parts: WorkerPart[] = [];
    let ignored: { page: number; text: string }[] = [];
    let decided = 0;
    let matched = 0;
    let textless = 0;
    const flush = async (): Promise<void> => {
      const event: SplitWorkerEvent = { kind: 'batch', parts, ignored, decided };
      const transfer = parts.map((p) => p.bytes.buffer);
      parts = [];
      ignored = [];
      await context.emit(event, transfer);
    };
    for (const event of splitPages(doc, input.mask, lookup)) {
      if (context.cancelled) break;
      decided = event.lastPage;
      if (event.kind === 'ignored') {
        ignored.push({ page: event.page, text: event.text });
        if (!event.text && !pageHasText(doc, event.page - 1)) textless++;
      }
      if (event.kind === 'group') {
        matched += event.pages.length;
        const bytes = writePart(
          doc,
          event.pages.map((p) => p - 1),
        );
        parts.push({
          employeeId: event.employeeId,
          identifier: event.identifier,
          pages: event.pages,
          bytes,
          sha256: context.sha256(bytes),
        });
      }
      if (parts.length >= input.batch || ignored.length >= input.batch) await flush();
    }
    if (!context.cancelled) await flush();
    const value: SplitOutput = { pages: count, matched, textless, cancelled: context.cancelled };
    return { value };
  } finally {
    doc.destroy();
  }
}

export const TASKS: Record<string, Task> = { check, pages, split };
