import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IMPORT_LIMITS, IMPORT_TEXT, importAcceptedSchema } from '#domain/imports';
import type { Authenticate } from '../../auth/hooks';
import { AppError } from '../../errors/app-error';
import { bearer, errors } from '../../http/schemas';
import { receiveImport } from './import-upload';
import type { ImportsService } from './imports.service';

export type ImportsRoutesDeps = { imports: ImportsService; authenticate: Authenticate };

/** Room for the form's other fields and the multipart framing beside the file. */
const FORM_OVERHEAD_BYTES = 256 * 1024;

/** A declared length that cannot fit is refused before a byte of the body is read. */
async function refuseOversized(request: FastifyRequest) {
  const length = Number(request.headers['content-length'] ?? 0);
  if (length > IMPORT_LIMITS.maxBytes + FORM_OVERHEAD_BYTES) throw new AppError(413, IMPORT_TEXT.tooLarge);
}

export const importsRoutes =
  (deps: ImportsRoutesDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', deps.authenticate);

    app.post(
      '/api/imports',
      {
        config: { permission: 'import.run' },
        onRequest: refuseOversized,
        schema: {
          tags: ['imports'],
          description:
            'Applying (`dry_run` "false") a file also needs the rights of what it would change: product.edit always, product.price when the mapping includes `mrp` or `variant_mrp`, product.publish for `status` or `variant_status`, and with `create_missing` "true" category.edit for `category` and brand.edit for `brand`. Without one: 403 `{ error, permission }`, saying which column needs it, before any job is made. A dry run needs import.run alone. Multipart/form-data: `file`, a UTF-8 CSV of products with a header row (at most 256 MB and 500,000 rows); `mapping`, JSON of field to column header (sku, name, mrp, status, category, brand, description, and the variant fields variant_sku, option1_name, option1_value … option3_value, variant_mrp, variant_status; without it the export\'s own headers are used). Rows sharing a SKU are one product\'s variants, created or updated by `variant_sku`; option values take the order they first appear in; `dry_run`, "true" (the default) to check and report only or "false" to apply when the check finds nothing; `create_missing`, "true" to create the categories (by path) and brands (by name) the file names that do not exist. Answers 202 with the job to follow at GET /api/jobs/{id}.',
          consumes: ['multipart/form-data'],
          security: bearer,
          response: { 202: importAcceptedSchema, ...errors(400, 401, 403, 413, 415) },
        },
      },
      async (request, reply) => {
        const user = request.authUser as NonNullable<FastifyRequest['authUser']>;
        const accepted = await deps.imports.accept(
          (sink) => receiveImport(request, sink),
          user.id,
          user.permissions,
          user.token?.id ?? null,
        );
        return reply.code(202).send(accepted);
      },
    );
  };
