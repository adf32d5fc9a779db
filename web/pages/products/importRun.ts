/**
 * The import being followed, kept for the tab's session: a reload (or a visit to another screen
 * and back) picks its progress up again from the server. The file itself cannot be kept, so a
 * check that finished before the reload asks for the file again to import it.
 */
export type ImportRun = { jobId: string; dryRun: boolean };

const KEY = 'stockroom.products.import';

export function loadImportRun(): ImportRun | null {
  try {
    const value = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as unknown;
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
    if (run) sessionStorage.setItem(KEY, JSON.stringify(run));
    else sessionStorage.removeItem(KEY);
  } catch {
    // Storage refused (private mode): the run is followed without surviving a reload.
  }
}
