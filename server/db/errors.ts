// What a database error means, read from the driver's error however Drizzle wrapped it.

// Socket-level failures reaching the database.
const CONNECTION_ERRNOS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
// node-postgres's own words for a connection that failed, closed or could not be had in time.
const CONNECTION_MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect/,
  /not queryable/,
  /^Cannot use a pool after calling end/,
];

/**
 * True when the database could not be reached or dropped the connection, rather than refusing
 * the query: SQLSTATE class 08 (connection exception), 57P01-57P03 (admin/crash shutdown, cannot
 * connect now), 53300 (too many connections), a socket error or a pool timeout. Drizzle wraps
 * driver errors, so the cause chain is searched.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, message, errors, syscall } = e as {
      code?: unknown;
      message?: unknown;
      errors?: unknown;
      syscall?: unknown;
    };
    if (typeof code === 'string') {
      // A socket error names its system call; the request's own "aborted" (the client left,
      // also ECONNRESET) does not, and is not the database's fault.
      if (CONNECTION_ERRNOS.has(code) && typeof syscall === 'string') return true;
      if (/^08/.test(code) || /^57P0[123]$/.test(code) || code === '53300') return true;
    }
    if (typeof message === 'string' && CONNECTION_MESSAGES.some((m) => m.test(message))) return true;
    // Node's AggregateError when every address of a host refused.
    if (Array.isArray(errors) && errors.some((inner) => isDatabaseUnavailable(inner))) return true;
  }
  return false;
}

/** The SQLSTATE of a database error, whether thrown as is or wrapped by Drizzle. */
export function postgresCode(err: unknown): string | undefined {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 3; e = (e as Error).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/** True for PostgreSQL's unique violation, optionally on one named constraint. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const e = (err as { cause?: unknown })?.cause ?? err;
  const pgErr = e as { code?: string; constraint?: string };
  return pgErr?.code === '23505' && (!constraint || pgErr.constraint === constraint);
}

/** True for PostgreSQL's foreign key violation, optionally on one named constraint. */
export function isForeignKeyViolation(err: unknown, constraint?: string): boolean {
  const e = (err as { cause?: unknown })?.cause ?? err;
  const pgErr = e as { code?: string; constraint?: string };
  return pgErr?.code === '23503' && (!constraint || pgErr.constraint === constraint);
}
