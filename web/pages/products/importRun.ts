import { STORAGE_KEYS } from '#domain/constants';

/**
 * The import being followed, kept for the tab's session: a reload (or a visit to another screen
 * and back) picks its progress up again from the server. The file itself cannot be kept, so a
 * check that finished before the reload asks for the file again to import it.
 */
export type ImportRun = { jobId: string; dryRun: boolean };

export function loadImportRun(): ImportRun | null {
  try {
    const value = JSON.parse(sessionStorage.getItem(STORAGE_KEYS.importRun) ?? 'null') as unknown;
    if (
      value &&
      typeof value === 'object' &&
      typeof (value as ImportRun).jobId === 'string' &&
      typeof (value as ImportRun).dryRun === 'boolean'
    )
      return value as ImportRun;
  } catch {
    // Unreadable storage: nothing to resume.
  }
  return null;
}

export function saveImportRun(run: ImportRun | null) {
  try {
    if (run) sessionStorage.setItem(STORAGE_KEYS.importRun, JSON.stringify(run));
    else sessionStorage.removeItem(STORAGE_KEYS.importRun);
  } catch {
    // Storage refused (private mode): the run is followed without surviving a reload.
  }
}
