/**
 * The application's advisory locks, in one place so no two uses pick the same number by chance
 * and every writer of one thing takes the same lock.
 */
export const ADVISORY_LOCKS = {
  /** Serialises migrations across processes. */
  migrations: 727_001,
  /**
   * Structural writes to the category tree (a move, a delete, a created path), so two at once can
   * never make a cycle or compute a path from a parent that is itself moving.
   */
  categoryTree: 727_002,
  /** A scheduled backup's claim of its interval, so two processes never both take one. */
  backups: 727_003,
} as const;
