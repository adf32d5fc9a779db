import { sql } from 'drizzle-orm';
import { E2E } from '../../e2e/env';
import { withConfiguredDatabase } from './with-database';

/**
 * Fixtures the browser tests cannot make through the API, written into the e2e server's fresh
 * database before it starts (scripts/e2e-server.mjs): a quote sent long ago whose date has
 * passed, at a token the specs know. Sending refuses a past date, and a browser test cannot wait
 * for a day to end.
 */
const code = await withConfiguredDatabase(
  async (database, config) => {
    const { expiredQuote } = E2E;
    await database.db.transaction(async (tx) => {
      const { rows } = await tx.execute<{ id: number }>(sql`
        insert into inquiries (name, email, subject, message, company, status, created_at)
        values (${expiredQuote.customer}, 'late.buyer@e2e.test', ${expiredQuote.subject}, 'Please quote.',
          'Late Buyer Ltd', 'quoted', '2026-01-02T09:00:00Z')
        returning id`);
      const inquiryId = rows[0].id;
      const { rows: quote } = await tx.execute<{ id: number }>(sql`
        insert into quotes (inquiry_id, version, status, token, currency, valid_until, sent_at, created_at)
        values (${inquiryId}, 1, 'sent', ${expiredQuote.token}, ${config.currency}, ${expiredQuote.validUntil}::date,
          '2026-01-05T10:00:00Z', '2026-01-05T09:00:00Z')
        returning id`);
      await tx.execute(sql`
        insert into quote_lines (quote_id, position, name, sku, quantity, unit_price)
        values (${quote[0].id}, 0, 'Pallet rack upright', 'PR-UP-2440', 4, '129.00')`);
    });
    return 0;
  },
  { migrate: true },
);
process.exit(code);
