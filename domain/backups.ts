/** Scheduled backups as the dashboard's health card and the admins' e-mail tell of them (ADR 0024). */

/** How the card words the state of the backups; null when all is well. */
export const BACKUP_TEXT = {
  none: 'No backup has been made yet.',
  stale: 'The last good backup is older than twice the backup interval.',
  lastGood: 'Last good backup',
  lastFailed: 'Last failed backup',
} as const;

/** A warning when scheduled backups are on and the newest good one is missing or too old. */
export function backupWarning(
  everySeconds: number | null,
  lastGoodAt: Date | null,
  now = new Date(),
): 'none' | 'stale' | null {
  if (everySeconds === null) return null;
  if (!lastGoodAt) return 'none';
  return now.getTime() - lastGoodAt.getTime() > 2 * everySeconds * 1000 ? 'stale' : null;
}

export const backupFailedMail = (error: string, publicUrl: string | null) => ({
  subject: 'A scheduled backup failed',
  text: [
    'Stockroom could not write its scheduled backup:',
    '',
    error,
    '',
    'The next one is tried at the next interval. Until one succeeds, the newest good backup is older than it should be; `npm run backup` makes one by hand.',
    ...(publicUrl ? ['', `${publicUrl.replace(/\/$/, '')}/`] : []),
  ].join('\n'),
});
