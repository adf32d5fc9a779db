import type { FastifyPluginAsync } from 'fastify';
import { API_ERROR } from '#domain/messages';
import type { Database } from '../../db/client';
import type { RedisConnection } from '../../redis/connection';

/** GET /healthz for load balancers and monitoring: the database answers, and Redis if configured. */
export const healthz =
  (deps: { database: Database; redis?: RedisConnection }): FastifyPluginAsync =>
  async (app) => {
    app.get('/healthz', { schema: { hide: true } }, async (_request, reply) => {
      try {
        await deps.database.pool.query('select 1');
        // Redis away is not an outage: limits fall back to memory. The body says so for monitoring.
        if (deps.redis && !deps.redis.isUp()) return { status: 'degraded', redis: 'unreachable' };
        return { status: 'ok' };
      } catch {
        return reply
          .code(503)
          .header('retry-after', '5')
          .send({ status: 'unavailable', error: API_ERROR.databaseUnavailable });
      }
    });
  };
