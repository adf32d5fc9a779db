import { pipeline, Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { defuseCell, QUOTED_CELL } from '#domain/csv-cells';

const CSV_TYPE = 'text/csv; charset=utf-8';

export type CsvCell = string | number | null | undefined;

/** `<stem>-YYYYMMDD.csv`, by the UTC day. */
const csvFileName = (stem: string, at: Date = new Date()) =>
  `${stem}-${at.toISOString().slice(0, 10).replaceAll('-', '')}.csv`;

/**
 * Answers with a CSV download: the header row, then each record as it is read, every cell
 * defused (domain/csv-cells.ts: a formula-like value gets an apostrophe, and a cell holding a
 * comma, semicolon, tab, quote or line break is written in double quotes, its quotes doubled). Records arrive in batches (server/db/query/stream.ts keysetBatches) and go out through
 * csv-stringify as the client takes them: while the socket is full nothing more is read, so memory
 * stays flat whatever the size. The first batch is read before the answer starts, so a failing
 * statement is an error answer rather than a download cut short; a later failure ends the
 * download (the client sees it cut) and is logged, never thrown.
 */
export async function sendCsv(
  request: FastifyRequest,
  reply: FastifyReply,
  file: { stem: string; columns: readonly string[]; batches: AsyncIterator<CsvCell[][]> },
) {
  const first = await file.batches.next();
  async function* records() {
    if (first.done) return;
    yield* cells(first.value);
    for (let next = await file.batches.next(); !next.done; next = await file.batches.next())
      yield* cells(next.value);
  }
  const csv = stringify({ header: true, columns: [...file.columns], quoted_match: QUOTED_CELL });
  pipeline(Readable.from(records()), csv, (err) => {
    if (err) request.log.warn({ err, url: request.url }, 'CSV export stopped');
  });
  return (
    reply
      .type(CSV_TYPE)
      .header('content-disposition', `attachment; filename="${csvFileName(file.stem)}"`)
      // A stream goes out as it is read; the route's schema string only documents the answer.
      .send(csv as unknown as string)
  );
}

function* cells(batch: CsvCell[][]) {
  for (const record of batch) yield record.map((cell) => defuseCell(cell == null ? '' : String(cell)));
}
