import { AsyncResource } from 'node:async_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type ActorScope, actorStore } from '../db/actor';

const scopeKey = Symbol('actor scope');
type Scoped = FastifyRequest & { [scopeKey]?: { scope: ActorScope; resource: AsyncResource } };

/**
 * Every request in a scope of its own from onRequest on; the route's authentication (its own
 * onRequest hook) has run by preHandler, which names the user and carries the scope into the
 * handler. The AsyncResource makes the handler continue in this scope whatever Fastify's hook
 * runner did in between.
 */
export function actorScopes(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    const scope: ActorScope = { actorId: null, tokenId: null };
    actorStore.run(scope, () => {
      const resource = new AsyncResource('stockroom-actor');
      (request as Scoped)[scopeKey] = { scope, resource };
      resource.runInAsyncScope(done, request.raw);
    });
  });
  app.addHook('preHandler', (request, _reply, done) => {
    const held = (request as Scoped)[scopeKey];
    if (!held) return done();
    held.scope.actorId = request.authUser?.id ?? null;
    held.scope.tokenId = request.authUser?.token?.id ?? null;
    held.resource.runInAsyncScope(done, request.raw);
  });
}
