import type { Multipart, MultipartFile } from '@fastify/multipart';
import { parse } from 'csv-parse';
import type { FastifyRequest } from 'fastify';
import { IMPORT_LIMITS, IMPORT_TEXT } from '#domain/imports';
import { API_ERROR } from '#domain/messages';
import { AppError } from '../../errors/app-error';
import { multipartError } from '../../http/form';

/** Where an upload's bytes go as they arrive, in pieces of about CHUNK_BYTES. */
export type ChunkSink = (seq: number, bytes: Buffer) => Promise<void>;

/** The piece of the file stored at a time: few round trips, little memory. */
const CHUNK_BYTES = 1024 * 1024;

export type ReceivedImport = {
  /** The form's other fields, as text. */
  fields: Record<string, string>;
  /** The CSV's header row; null when the form had no file. */
  header: string[] | null;
  bytes: number;
};

/**
 * Reads POST /api/imports' multipart form, passing the file to `sink` as it streams: refused with
 * 413 the moment it passes IMPORT_LIMITS.maxBytes and with 400 at its first byte that is not UTF-8,
 * so no more than one piece is ever held in memory. Its header row is parsed on the way.
 */
export async function receiveImport(request: FastifyRequest, sink: ChunkSink): Promise<ReceivedImport> {
  if (!request.isMultipart()) throw new AppError(400, IMPORT_TEXT.fileRequired);
  const fields: Record<string, string> = {};
  let received: { header: string[] | null; bytes: number } | null = null;
  const parts = request.parts({
    limits: { fileSize: IMPORT_LIMITS.maxBytes, files: 1, fields: 10, fieldSize: 64 * 1024, parts: 11 },
  });
  try {
    for await (const part of parts as AsyncIterable<Multipart>) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file') {
          part.file.resume();
          throw new AppError(400, API_ERROR.unknownField(part.fieldname));
        }
        received = await streamFile(part, sink);
      } else {
        fields[part.fieldname] = String(part.value ?? '');
      }
    }
  } catch (err) {
    throw multipartError(err, IMPORT_TEXT.tooLarge);
  }
  if (!received || received.bytes === 0) throw new AppError(400, IMPORT_TEXT.fileRequired);
  return { fields, header: received.header, bytes: received.bytes };
}

async function streamFile(part: MultipartFile, sink: ChunkSink) {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const header = headerReader();
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let seq = 0;
  let bytes = 0;
  const flush = async () => {
    if (pendingBytes === 0) return;
    const piece = Buffer.concat(pending, pendingBytes);
    pending = [];
    pendingBytes = 0;
    await sink(seq++, piece);
  };
  for await (const chunk of part.file as AsyncIterable<Buffer>) {
    if (part.file.truncated) throw new AppError(413, IMPORT_TEXT.tooLarge);
    bytes += chunk.length;
    let text: string;
    try {
      text = decoder.decode(chunk, { stream: true });
    } catch {
      part.file.resume();
      throw new AppError(400, IMPORT_TEXT.notUtf8);
    }
    header.write(text);
    pending.push(chunk);
    pendingBytes += chunk.length;
    if (pendingBytes >= CHUNK_BYTES) await flush();
  }
  if (part.file.truncated) throw new AppError(413, IMPORT_TEXT.tooLarge);
  try {
    header.write(decoder.decode());
  } catch {
    throw new AppError(400, IMPORT_TEXT.notUtf8);
  }
  await flush();
  return { header: await header.end(), bytes };
}

/**
 * Parses the first record of text written to it, ignoring anything past IMPORT_LIMITS.headerBytes.
 * It counts characters, never more than the bytes they came from, so any header the browser read
 * from its slice of the file is read here too.
 */
function headerReader() {
  let record: string[] | null = null;
  let failed = false;
  let fed = 0;
  const parser = parse({ to_line: 1, relax_column_count: true });
  parser.on('data', (r: string[]) => {
    record ??= r;
  });
  parser.on('error', () => {
    failed = true;
  });
  const done = new Promise<void>((resolve) => {
    parser.on('end', resolve);
    parser.on('close', resolve);
    parser.on('error', () => resolve());
  });
  return {
    write(text: string) {
      if (record || failed || fed >= IMPORT_LIMITS.headerBytes || !text) return;
      fed += text.length;
      parser.write(text);
    },
    async end(): Promise<string[] | null> {
      if (!failed) parser.end();
      await done;
      if (failed && !record) throw new AppError(400, IMPORT_TEXT.notCsv);
      const header = record as string[] | null;
      if (!header || header.every((h) => h.trim() === '')) throw new AppError(400, IMPORT_TEXT.empty);
      return header;
    },
  };
}
