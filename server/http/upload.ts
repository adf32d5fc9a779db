import type { FastifyRequest, FastifySchemaCompiler } from 'fastify';
import type { FastifyRouteSchemaDef, FastifyValidationResult } from 'fastify/types/schema';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { ImageMessages } from '#domain/images';
import type { PermissionCode } from '#domain/permissions';
import { type PreparedImage, prepareImage } from '../images/process';
import { readForm, refuseOversizedUpload } from './form';
import { bearer } from './schemas';

/**
 * A create/update form with one optional image: the fields validated first, then the image
 * decoded and re-encoded; nothing is stored yet.
 */
async function readImageForm<S extends z.ZodType>(
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
const formBodyValidator = <T>(route: FastifyRouteSchemaDef<T>): FastifyValidationResult =>
  route.httpPart === 'body'
    ? (data: unknown) => ({ value: data })
    : (validatorCompiler as FastifySchemaCompiler<T>)(route);

const FORM_CONSUMES = ['application/json', 'multipart/form-data'];

/**
 * The create and update routes of a resource taking JSON or a multipart form with one optional
 * image (brands, categories) share all but their schema's own parts: the oversized upload refused
 * before a byte is read, the body left to readForm, the fields and image read alike.
 */
export function imageFormRoutes<S extends z.ZodType>(
  body: S,
  file: { field: string; messages: ImageMessages },
) {
  const refuseOversized = refuseOversizedUpload(1, file.messages.size);
  return {
    /** A route's options from its tags, description, params and responses. */
    options: <T extends { tags: string[] }>({ tags, ...schema }: T, permission: PermissionCode) => ({
      config: { permission },
      onRequest: refuseOversized,
      validatorCompiler: formBodyValidator,
      schema: { body, consumes: FORM_CONSUMES, tags, security: bearer, ...schema },
    }),
    read: (request: FastifyRequest) => readImageForm(request, body, file),
  };
}
