import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IMPORT_TEXT, jobSchema } from '#domain/imports';
import type { Authenticate } from '../auth/hooks';
import { bearer, errors } from '../http/schemas';
import type { JobsService } from './jobs.service';

export type JobsRoutesDeps = { jobs: JobsService; authenticate: Authenticate };

const jobIdParam = z.object({ id: z.uuid({ error: IMPORT_TEXT.jobIdInvalid }) });

export const jobsRoutes =
  (deps: JobsRoutesDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', deps.authenticate);

    app.get(
      '/api/jobs/:id',
      {
        config: { permission: 'import.run' },
        schema: {
          tags: ['jobs'],
          description:
            "A background job's state, progress and report (a CSV import's), on any process. A screen reads it again until the state is succeeded or failed.",
          security: bearer,
          params: jobIdParam,
          response: { 200: jobSchema, ...errors(400, 401, 404) },
        },
      },
      async (request) => deps.jobs.get(request.params.id.toLowerCase()),
    );
  };
