import fp from 'fastify-plugin';
import type { RoutePermission } from '#domain/permissions';

/** A route as registered, with the permission it declares (staff routes must declare one). */
type RouteEntry = { method: string; url: string; permission?: RoutePermission; peopleOnly?: boolean };

/**
 * Every route, as registered, so tests can check each one (docs coverage, auth) without a list
 * someone has to remember to update.
 */
export const routeTable = fp(
  async (app) => {
    const table: RouteEntry[] = [];
    app.addHook('onRoute', (route) => {
      for (const method of [route.method].flat())
        table.push({
          method,
          url: route.url,
          permission: route.config?.permission,
          peopleOnly: route.config?.peopleOnly,
        });
    });
    app.decorate('routeTable', table);
  },
  { name: 'route-table' },
);

declare module 'fastify' {
  interface FastifyInstance {
    routeTable: RouteEntry[];
  }
}
