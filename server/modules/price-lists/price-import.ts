import { pipeline } from 'node:stream/promises';
import type { Multipart, MultipartFile } from '@fastify/multipart';
import { parse } from 'csv-parse';
import type { FastifyRequest } from 'fastify';
import { MAX_ID } from '#domain/constants';
import { restoreCell } from '#domain/csv-cells';
import { API_ERROR } from '#domain/messages';
import {
  PRICE_LIST_IMPORT,
  PRICE_LIST_IMPORT_MODES,
  PRICE_LIST_TEXT,
  PRICE_ROWS_LISTED,
  type PriceListImportMode,
  type PriceRowInput,
  priceRow,
} from '#domain/price-lists';
import { AppError, badRequest } from '../../errors/app-error';
import { multipartError } from '../../http/form';
import { refuseRows } from './price-lists.service';

/** A prices file as read: its rows for PUT's write, each with the file row it came from. */
export type PriceFile = { mode: PriceListImportMode; rows: PriceRowInput[]; fileRows: number[] };

type Columns = { sku: number; variant_id: number; min_quantity: number; price: number };

/** Room for the mode field and the multipart framing beside the file. */
const FORM_OVERHEAD_BYTES = 64 * 1024;

/** A declared length that cannot fit is refused before a byte of the body is read. */
export async function refuseOversizedPrices(request: FastifyRequest) {
  const length = Number(request.headers['content-length'] ?? 0);
  if (length > PRICE_LIST_IMPORT.maxBytes + FORM_OVERHEAD_BYTES)
    throw new AppError(413, PRICE_LIST_TEXT.importTooLarge);
}

function columnsOf(header: string[]): Columns | null {
  const names = header.map((h, i) => (i === 0 ? h.replace(/^\uFEFF/, '') : h).trim().toLowerCase());
  const at = (name: string) => names.indexOf(name);
  const columns = {
    sku: at('sku'),
    variant_id: at('variant_id'),
    min_quantity: at('min_quantity'),
    price: at('price'),
  };
  if (columns.price < 0 || (columns.sku < 0 && columns.variant_id < 0)) return null;
  return columns;
}

const WHOLE = /^\d{1,10}$/;

/**
 * One record as PUT …/prices takes a row, by the same schema: the variant by its SKU, or by
 * variant_id when the SKU cell is empty; min_quantity 1 when empty. Cells the export marked as
 * text (a leading apostrophe) read back as they were.
 */
function rowOf(record: string[], c: Columns): { row: PriceRowInput } | { problem: string } {
  const cell = (i: number) => (i < 0 ? '' : restoreCell(record[i] ?? '').trim());
  const sku = cell(c.sku);
  const variantId = cell(c.variant_id);
  const quantity = cell(c.min_quantity);
  if (!sku && !variantId) return { problem: PRICE_LIST_TEXT.rowVariantMissing };
  if (!sku && (!WHOLE.test(variantId) || Number(variantId) < 1 || Number(variantId) > MAX_ID))
    return { problem: PRICE_LIST_TEXT.rowVariantIdInvalid };
  if (quantity && !WHOLE.test(quantity)) return { problem: PRICE_LIST_TEXT.quantityInvalid };
  const parsed = priceRow.safeParse({
    ...(sku ? { sku } : { variant_id: Number(variantId) }),
    ...(quantity ? { min_quantity: Number(quantity) } : {}),
    price: cell(c.price),
  });
  return parsed.success ? { row: parsed.data } : { problem: parsed.error.issues[0].message };
}

/**
 * Reads a prices import's multipart form: `file`, a UTF-8 CSV with a header row, parsed as it
 * streams (413 the moment it passes PRICE_LIST_IMPORT.maxBytes), and `mode`, merge (the default)
 * or replace. Every row is checked as PUT checks its body; the rows that fail are refused
 * together, each named by its row in the file, before anything is written.
 */
export async function readPriceFile(request: FastifyRequest): Promise<PriceFile> {
  if (!request.isMultipart()) throw badRequest(PRICE_LIST_TEXT.importFileRequired);
  const fields: Record<string, string> = {};
  let file: Omit<PriceFile, 'mode'> | null = null;
  const parts = request.parts({
    limits: { fileSize: PRICE_LIST_IMPORT.maxBytes, files: 1, fields: 4, fieldSize: 1024, parts: 5 },
  });
  try {
    for await (const part of parts as AsyncIterable<Multipart>) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file') {
          part.file.resume();
          throw new AppError(400, API_ERROR.unknownField(part.fieldname));
        }
        file = await readRows(part);
      } else {
        fields[part.fieldname] = String(part.value ?? '');
      }
    }
  } catch (err) {
    throw multipartError(err, PRICE_LIST_TEXT.importTooLarge);
  }
  const unknown = Object.keys(fields).find((f) => f !== 'mode');
  if (unknown)
    throw badRequest(API_ERROR.unknownField(unknown), { [unknown]: API_ERROR.unknownField(unknown) });
  const mode = (fields.mode || 'merge') as PriceListImportMode;
  if (!PRICE_LIST_IMPORT_MODES.includes(mode))
    throw badRequest(PRICE_LIST_TEXT.importModeInvalid, { mode: PRICE_LIST_TEXT.importModeInvalid });
  if (!file) throw badRequest(PRICE_LIST_TEXT.importFileRequired);
  return { mode, ...file };
}

async function readRows(part: MultipartFile): Promise<Omit<PriceFile, 'mode'>> {
  let notUtf8 = false;
  // Bad bytes are noted and the rest of the file drained, so the form is read to its end.
  async function* utf8(source: AsyncIterable<Buffer>) {
    const decoder = new TextDecoder('utf-8', { fatal: true });
    for await (const chunk of source) {
      if (notUtf8) continue;
      try {
        yield decoder.decode(chunk, { stream: true });
      } catch {
        notUtf8 = true;
      }
    }
    if (!notUtf8) {
      try {
        yield decoder.decode();
      } catch {
        notUtf8 = true;
      }
    }
  }
  const parser = parse({ info: true, relax_column_count: true, skip_empty_lines: true });
  let failure: unknown = null;
  const feeding = pipeline(part.file, utf8, parser).catch((err) => {
    failure ??= err;
  });
  let columns: Columns | null | undefined;
  const rows: PriceRowInput[] = [];
  const fileRows: number[] = [];
  const problems: { key: string; message: string }[] = [];
  let refused = 0;
  let tooMany = false;
  try {
    for await (const { record, info } of parser as AsyncIterable<{
      record: string[];
      info: { lines: number };
    }>) {
      if (columns === undefined) {
        columns = columnsOf(record);
        continue;
      }
      if (columns === null || tooMany) continue;
      if (rows.length + refused >= PRICE_LIST_IMPORT.maxRows) {
        tooMany = true;
        continue;
      }
      const read = rowOf(record, columns);
      if ('row' in read) {
        rows.push(read.row);
        fileRows.push(info.lines);
      } else {
        refused++;
        if (problems.length < PRICE_ROWS_LISTED)
          problems.push({ key: `row ${info.lines}`, message: read.problem });
      }
    }
  } catch (err) {
    failure ??= err;
  }
  await feeding;
  if (part.file.truncated) throw new AppError(413, PRICE_LIST_TEXT.importTooLarge);
  if (notUtf8) throw badRequest(PRICE_LIST_TEXT.importNotUtf8);
  if (failure) {
    if (failure instanceof AppError) throw failure;
    // csv-parse's own errors (an unclosed quote): the file is not CSV it can read.
    if ((failure as { code?: string }).code?.startsWith('CSV_'))
      throw badRequest(PRICE_LIST_TEXT.importNotCsv);
    throw failure;
  }
  if (columns === null) throw badRequest(PRICE_LIST_TEXT.importColumns);
  if (tooMany) throw new AppError(413, PRICE_LIST_TEXT.importTooManyRows);
  if (refused) throw refuseRows(problems, refused, true);
  if (!rows.length) throw badRequest(PRICE_LIST_TEXT.importEmpty);
  return { rows, fileRows };
}
