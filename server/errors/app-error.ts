import { API_ERROR } from '#domain/messages';

/** An error a service throws on purpose: the status and message reach the client as they are. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly details?: Record<string, string>,
    /** Headers the answer carries, such as a 429's Retry-After. */
    readonly headers?: Record<string, string>,
    /** On a 403 for a missing right: the permission code the caller lacks. */
    readonly permission?: string,
    /** More of the answer's body beside `error`, as a route's error schema names it (a send's `approval`). */
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export const notFound = (message: string = API_ERROR.notFound) => new AppError(404, message);
export const conflict = (message: string, details?: Record<string, string>) =>
  new AppError(409, message, details);
export const badRequest = (message: string, details?: Record<string, string>) =>
  new AppError(400, message, details);
