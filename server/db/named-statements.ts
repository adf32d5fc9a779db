import { createHash } from 'node:crypto';
import type pg from 'pg';

/** Statement texts given a name per process; past this, statements run unnamed. */
const MAX_NAMED = 500;

/**
 * Reads through drizzle become named (prepared) statements on a PostgreSQL server, so each
 * connection plans them once and then reuses the plan. Planning was the largest part
 * of a list request's database time.
 *
 * Not named:
 * - searches (ILIKE): how many rows a pattern matches decides the plan ("cordless" walks the sort
 *   index, "drill 4242" its trigram index), and a generic plan would pick one for all;
 * - EXPLAIN, whose estimate must be for the search at hand (query/counting.ts);
 * - anything in a transaction: drizzle sends those through a checked-out client, not the pool;
 * - anything on embedded PGlite, which this is never given: there a failed Bind leaves
 *   node-postgres unaware of a statement the server kept (bundle.query.ts).
 *
 * Drizzle's statement texts carry no values (every value is a parameter), so the names are few:
 * one per query shape. The name is a hash of the text: the same on every connection.
 */
export function namingStatements(pool: pg.Pool): pg.Pool {
  const names = new Map<string, string | null>();

  function nameFor(text: string): string | null {
    const known = names.get(text);
    if (known !== undefined) return known;
    if (names.size >= MAX_NAMED) return null;
    const name = worthNaming(text) ? `s-${createHash('sha1').update(text).digest('base64url')}` : null;
    names.set(text, name);
    return name;
  }

  function query(config: unknown, ...rest: unknown[]) {
    const call = pool.query as (...args: unknown[]) => unknown;
    if (isPlainConfig(config) && config.name === undefined) {
      const name = nameFor(config.text);
      if (name) return call.call(pool, { ...config, name }, ...rest);
    }
    return call.call(pool, config, ...rest);
  }

  // Everything but query is the pool's own, bound to it, so its state stays in one object.
  return new Proxy(pool, {
    get(target, key) {
      if (key === 'query') return query;
      const value = Reflect.get(target, key, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

const worthNaming = (text: string) => !/^\s*explain\b/i.test(text) && !/\bilike\b/i.test(text);

function isPlainConfig(config: unknown): config is { text: string; name?: string } {
  return (
    typeof config === 'object' &&
    config !== null &&
    typeof (config as { text?: unknown }).text === 'string' &&
    typeof (config as { submit?: unknown }).submit !== 'function'
  );
}
