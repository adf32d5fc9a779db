import type { FastifyError } from 'fastify';
import fp from 'fastify-plugin';
import { errorAnswer } from '../errors';

/** One error format for every route: `{ error, details? }`, never a stack trace. */
export const errorHandler = fp(
  async (app) => {
    app.setErrorHandler((err: FastifyError, request, reply) => {
      const answer = errorAnswer(err, request);
      if (answer.headers) reply.headers(answer.headers);
      return reply.code(answer.status).send(answer.body);
    });
  },
  { name: 'error-handler' },
);
