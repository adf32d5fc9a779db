import type { Multipart } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { IMAGE_MAX_BYTES, type ImageMessages } from '#domain/images';
import { API_ERROR } from '#domain/messages';
import { AppError } from '../errors/app-error';
import { zodToAppError } from '../errors/validation';

/** An uploaded file; with `tooLarge` its bytes passed the size limit and were not kept. */
type UploadedFile = { name: string; bytes: Buffer; tooLarge?: boolean };
/** A form's fields (validated) and its files, each held only up to the size limit. */
export type ReadForm<T> = { fields: T; files: UploadedFile[] };

/**
 * Reads a JSON body or a multipart form into the same validated fields, so a route can take
 * either (JSON, or multipart when an image is chosen). A file over the limit is
 * refused with 413 as soon as its bytes pass the limit; nothing is written before validation.
 */
export async function readForm<S extends z.ZodType>(
  request: FastifyRequest,
  schema: S,
  file: {
    fields: string[];
    messages: ImageMessages;
    maxFiles: number;
    /** A file over the size limit is handed back marked tooLarge instead of refusing the form. */
    keepOversized?: boolean;
  },
): Promise<ReadForm<z.output<S>>> {
  if (!request.isMultipart()) {
    return { fields: parse(schema, request.body ?? {}), files: [] };
  }
  const raw: Record<string, string> = {};
  const files: UploadedFile[] = [];
  // parts() reads throwFileSizeLimit at run time, though its types only list busboy's options.
  const parts = request.parts({
    limits: {
      fileSize: IMAGE_MAX_BYTES,
      files: file.maxFiles,
      fields: 20,
      fieldSize: 64 * 1024,
      parts: file.maxFiles + 20,
    },
    throwFileSizeLimit: !file.keepOversized,
  } as Parameters<FastifyRequest['parts']>[0]);
  try {
    for await (const part of parts as AsyncIterable<Multipart>) {
      if (part.type === 'file') {
        if (!file.fields.includes(part.fieldname)) {
          part.file.resume();
          throw new AppError(400, API_ERROR.unknownField(part.fieldname));
        }
        const bytes = await part.toBuffer();
        if (part.file.truncated) {
          files.push({ name: part.filename ?? '', bytes: Buffer.alloc(0), tooLarge: true });
          continue;
        }
        // An empty file input (no file chosen) arrives as a zero-byte part with no name.
        if (bytes.length > 0 || part.filename) files.push({ name: part.filename ?? '', bytes });
      } else {
        raw[part.fieldname] = String(part.value ?? '');
      }
    }
  } catch (err) {
    throw multipartError(err, file.messages.size);
  }
  return { fields: parse(schema, raw), files };
}

function parse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw zodToAppError(result.error);
  return result.data;
}

/**
 * Refuses an upload whose declared length already exceeds what it may carry, before reading a
 * byte of it.
 */
export function refuseOversizedUpload(maxFiles: number, sizeMessage: string) {
  const max = maxFiles * IMAGE_MAX_BYTES + 256 * 1024;
  return async (request: FastifyRequest) => {
    const length = Number(request.headers['content-length'] ?? 0);
    if (length > max) throw new AppError(413, sizeMessage);
  };
}

/**
 * What a multipart read's failure means to the client: its limits as 413s (`fileTooLarge` names
 * the file's own limit), a broken form as 400; anything else is the server's and goes on as it is.
 */
export function multipartError(err: unknown, fileTooLarge: string): unknown {
  const code = (err as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new AppError(413, fileTooLarge);
  if (code === 'FST_FILES_LIMIT') return new AppError(413, API_ERROR.tooManyFiles);
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
    return new AppError(413, API_ERROR.payloadTooLarge);
  if (code === 'FST_PROTO_VIOLATION') return new AppError(400, API_ERROR.invalidRequest);
  if (err instanceof AppError) return err;
  // The parser's own errors ("Unexpected end of multipart data", "Malformed part header"):
  // the client sent a broken form.
  if (err instanceof Error && !code) return new AppError(400, API_ERROR.malformedMultipart);
  return err;
}
