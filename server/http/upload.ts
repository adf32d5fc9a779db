import type { FastifyRequest, FastifySchemaCompiler } from 'fastify';
import type { FastifyRouteSchemaDef, FastifyValidationResult } from 'fastify/types/schema';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { ImageMessages } from '../../domain/images';
import { type PreparedImage, prepareImage } from '../images/process';
import { readForm } from './form';

/**
 * A create/update form with one optional image: the fields validated first, then the image
 * decoded and re-encoded; nothing is stored yet.
 */
export async function readImageForm<S extends z.ZodType>(
  request: FastifyRequest,
  schema: S,
  file: { field: string; messages: ImageMessages },
): Promise<{ fields: z.output<S>; image: PreparedImage | null }> {
  const form = await readForm(request, schema, {
    fields: [file.field],
    messages: file.messages,
    maxFiles: 1,
  });
  const [upload] = form.files;
  return { fields: form.fields, image: upload ? await prepareImage(upload.bytes, file.messages) : null };
}

/**
 * For routes that take JSON or a multipart form: the body schema goes into the OpenAPI document,
 * while validation is left to readForm (which parses both kinds the same way). Validators of the
 * other parts (params, query) are the usual Zod ones.
 */
export const formBodyValidator = <T>(route: FastifyRouteSchemaDef<T>): FastifyValidationResult =>
  route.httpPart === 'body'
    ? (data: unknown) => ({ value: data })
    : (validatorCompiler as FastifySchemaCompiler<T>)(route);

export const FORM_CONSUMES = ['application/json', 'multipart/form-data'];
