/** Snapshot → what the DSN dialog needs: flags from the chart (`can`, `matches`), never raw state names in views. */
import type { SnapshotFrom } from 'xstate';
import type { DsnImportMachine } from './dsnImport.machine.ts';
import { CONFLICT_CODES } from './dsnImport.model.ts';

export type DsnImportSnapshot = SnapshotFrom<DsnImportMachine>;

/** The server's answer in counts: created (of which to validate), updated, deactivated, conflicts, rejected. */
const countsOf = (result: DsnImportSnapshot['context']['result']) =>
  result
    ? {
        individuals: result.individuals,
        created: result.created.length,
        toValidate: result.created.filter((line) => line.toValidate).length,
        updated: result.updated.length,
        deactivated: result.deactivated.length,
        conflicts: result.rejected.filter((line) => CONFLICT_CODES.includes(line.code)).length,
        rejected: result.rejected.length,
      }
    : null;

export const selectDsnImport = (s: DsnImportSnapshot) => {
  const c = s.context;
  const isSending = s.matches('sending');
  const isFailed = s.matches('failed');
  return {
    open: c.open,
    file: c.file,
    isSending,
    /** Bytes still going out. */
    isUploading: s.matches({ sending: 'uploading' }),
    /** Every byte sent: the server reads the file. */
    isImporting: s.matches({ sending: 'importing' }),
    isFailed,
    isDone: s.matches('result'),
    percentage: c.percentage,
    uploadCompleted: c.uploadCompleted,
    /** The file can be chosen, replaced or removed (not while it is sent). */
    canChooseFile: s.can({ type: 'dsn.file.choose', file: { name: '', size: 0 } }),
    canSubmit: s.can({ type: 'dsn.submit' }),
    canReset: s.can({ type: 'dsn.reset' }),
    /** What « Importer » waits for (issue 15), as a key; null when nothing. */
    missingKey: c.file === null ? 'dsn.import.missing.file' : isFailed ? 'dsn.import.missing.refused' : null,
    failure: c.failure,
    result: c.result,
    counts: countsOf(c.result),
  };
};
export type DsnImportView = ReturnType<typeof selectDsnImport>;
