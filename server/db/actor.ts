import { AsyncLocalStorage } from 'node:async_hooks';
import type pg from 'pg';

/**
 * Who is writing. The change log's triggers read the author from the session's stockroom.actor,
 * and the API token it used, if any, from stockroom.token;
 * each request (and each background job) runs in a scope that names its user, and the pool sets
 * that on a connection before it writes, so no service has to pass the user down to be logged.
 */
export type ActorScope = { actorId: number | null; tokenId: number | null };
/** The scope each request and job runs in (the HTTP side opens it: history/actor.ts). */
export const actorStore = new AsyncLocalStorage<ActorScope>();

/** Runs work (a job, a script) as a user, or an API token: what it writes is logged under them. */
export const runAs = <T>(actorId: number | null, work: () => T, tokenId: number | null = null): T =>
  actorStore.run({ actorId, tokenId }, work);

const WRITES = /^\s*(insert|update|delete|with|merge|call)\b/i;
const ACTOR_SQL = "select set_config('stockroom.actor', $1, false), set_config('stockroom.token', $2, false)";

/**
 * A pool whose connections carry the current actor before anything is written through them: a
 * checked-out client (drizzle's transactions) before it is handed over, the pool's own query
 * when it writes. The setting is session-wide and set outside any transaction, so a rollback
 * never takes it back; a connection is only told again when the actor changes. A connection
 * not yet told is told even when nobody is the actor: PGlite hands every connection the same
 * session, which may still hold the last one.
 */
export function withActor(pool: pg.Pool): pg.Pool {
  const told = new WeakMap<pg.PoolClient, string>();
  async function tell(client: pg.PoolClient): Promise<void> {
    const scope = actorStore.getStore();
    const actor = String(scope?.actorId ?? '');
    const token = String(scope?.tokenId ?? '');
    const want = `${actor}:${token}`;
    if (told.get(client) === want) return;
    await client.query(ACTOR_SQL, [actor, token]);
    told.set(client, want);
  }

  async function connect(): Promise<pg.PoolClient> {
    const client = await pool.connect();
    try {
      await tell(client);
    } catch (error) {
      client.release(error as Error);
      throw error;
    }
    return client;
  }

  function query(config: unknown, ...rest: unknown[]) {
    const text = typeof config === 'string' ? config : (config as { text?: unknown } | null)?.text;
    const call = pool.query as (...args: unknown[]) => unknown;
    if (typeof text !== 'string' || !WRITES.test(text) || typeof rest.at(-1) === 'function') {
      return call.call(pool, config, ...rest);
    }
    return (async () => {
      const client = await connect();
      let failed: Error | undefined;
      try {
        return await (client.query as (...args: unknown[]) => Promise<unknown>)(config, ...rest);
      } catch (error) {
        failed = error as Error;
        throw error;
      } finally {
        // As the pool's own query does: a client whose query failed is not reused.
        client.release(failed);
      }
    })();
  }

  return new Proxy(pool, {
    get(target, key) {
      if (key === 'query') return query;
      if (key === 'connect') return connect;
      const value = Reflect.get(target, key, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
