import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dashboardSchema } from '#domain/dashboard';
import type { Authenticate } from '../../auth/hooks';
import { bearer, errors } from '../../http/schemas';
import type { createDashboardService } from './dashboard.service';

export const dashboardRoutes =
  (deps: {
    dashboard: ReturnType<typeof createDashboardService>;
    authenticate: Authenticate;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', deps.authenticate);
    app.get(
      '/api/dashboard',
      {
        config: { permission: 'catalogue.read' },
        schema: {
          tags: ['dashboard'],
          security: bearer,
          description:
            'Counts, latest inquiries, inquiries per day (30 days) and catalogue health, in one call.',
          response: { 200: dashboardSchema, ...errors(401) },
        },
      },
      async () => deps.dashboard.get(),
    );
  };
