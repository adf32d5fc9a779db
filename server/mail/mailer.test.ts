import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { openTestDatabase } from '../test/harness';
import { until } from '../test/until';
import { createMailer, type Mailer, type MailLog, type MailMessage } from './mailer';

/**
 * The sender against a real SMTP server on a loopback port: what arrives is parsed back, and the
 * server can be told to refuse recipients for a while or for good.
 */
let database: Database;
let smtp: SMTPServer;
let port: number;
const received: ParsedMail[] = [];
/** When each RCPT TO arrived, per recipient: the attempts, as the server saw them. */
const tries = new Map<string, number[]>();
let refuse: (to: string) => boolean = () => false;
/** How long the server sits on a message before accepting it. */
let holdMs = 0;

const lines: { level: string; obj: object; msg?: string }[] = [];
const log: MailLog = {
  info: (obj, msg) => lines.push({ level: 'info', obj, msg }),
  warn: (obj, msg) => lines.push({ level: 'warn', obj, msg }),
  error: (obj, msg) => lines.push({ level: 'error', obj, msg }),
};

const mailers: Mailer[] = [];
function mailer(backoffMs: number[] = [100, 200], via: 'smtp' | 'none' = 'smtp', pollMs = 25) {
  const smtpUrl = via === 'smtp' ? `smtp://127.0.0.1:${port}` : undefined;
  const m = createMailer(
    database,
    { mail: { smtpUrl, from: '"Acme Racking" <no-reply@acme.test>', notifyEmail: undefined } },
    log,
    { backoffMs, pollMs },
  );
  mailers.push(m);
  return m;
}

const PDF = Buffer.from('%PDF-1.3\n% a stand-in for a quote\n%%EOF\n');
const message = (to: string, extra: Partial<MailMessage> = {}): MailMessage => ({
  kind: 'quote_sent',
  to,
  subject: `Your quote Q-42 (${to})`,
  text: 'Hello,\n\nyour quote is attached.\n',
  attachments: [{ filename: 'quote-Q-42-v1.pdf', content: PDF, contentType: 'application/pdf' }],
  ...extra,
});

const row = async (id: number) =>
  (await database.pool.query('select * from outbox where id = $1', [id])).rows[0] as {
    status: string;
    attempts: number;
    last_error: string | null;
    sent_at: Date | null;
  };
/** A draft quote on a request of its own: outbox.quote_id refers to a real quote. */
async function newQuote(): Promise<number> {
  const { rows } = await database.pool.query(
    `with i as (insert into inquiries (name, email, subject, message)
       values ('Grace', 'grace@example.com', 'Racks', 'A quote please') returning id)
     insert into quotes (inquiry_id, currency, valid_until) select id, 'EUR', '2026-12-24' from i returning id`,
  );
  return rows[0].id;
}
const arrived = (to: string) => received.filter((m) => m.to && !Array.isArray(m.to) && m.to.text === to);

beforeAll(async () => {
  database = await openTestDatabase({ migrated: true });
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      const at = tries.get(address.address) ?? [];
      at.push(Date.now());
      tries.set(address.address, at);
      if (!refuse(address.address)) return callback();
      callback(Object.assign(new Error('Mailbox unavailable, try later'), { responseCode: 451 }));
    },
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then(async (parsed) => {
          await new Promise((r) => setTimeout(r, holdMs));
          received.push(parsed);
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  port = (smtp.server.address() as AddressInfo).port;
});

afterEach(async () => {
  await Promise.all(mailers.splice(0).map((m) => m.stop()));
  refuse = () => false;
  holdMs = 0;
});

afterAll(async () => {
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  await database?.close();
});

describe('with SMTP', () => {
  it('sends a message committed in a transaction, with its attachment, and marks it sent', async () => {
    // No poll within the test's time: the commit's NOTIFY is what wakes the sender.
    const m = mailer(undefined, 'smtp', 60_000);
    await m.start();
    const [quote, other] = [await newQuote(), await newQuote()];
    const id = await database.db.transaction((tx) =>
      m.enqueue(tx, message('grace@example.com', { quote_id: quote, html: '<p>Hello</p>' })),
    );
    const mail = await until(() => arrived('grace@example.com')[0]);
    expect(mail.subject).toBe('Your quote Q-42 (grace@example.com)');
    expect(mail.from?.text).toBe('"Acme Racking" <no-reply@acme.test>');
    expect(mail.text).toContain('your quote is attached.');
    expect(mail.html).toContain('<p>Hello</p>');
    expect(mail.attachments).toHaveLength(1);
    expect(mail.attachments[0]).toMatchObject({
      filename: 'quote-Q-42-v1.pdf',
      contentType: 'application/pdf',
    });
    expect(mail.attachments[0].content.equals(PDF)).toBe(true);

    const sent = await until(async () => {
      const r = await row(id);
      return r.status === 'sent' && r;
    });
    expect(sent).toMatchObject({ attempts: 1, last_error: null });
    expect(sent.sent_at).toBeInstanceOf(Date);
    const delivery = await m.deliveryOfQuotes(database.db, [quote, other]);
    expect([...delivery.keys()]).toEqual([quote]);
    expect(delivery.get(quote)).toEqual({
      outbox_id: id,
      status: 'sent',
      attempts: 1,
      last_error: null,
      next_attempt_at: null,
      sent_at: sent.sent_at?.toISOString(),
    });
  });

  it('sends nothing for a transaction that rolls back', async () => {
    const m = mailer();
    await m.start();
    await expect(
      database.db.transaction(async (tx) => {
        await m.enqueue(tx, message('rolled-back@example.com'));
        throw new Error('the write failed');
      }),
    ).rejects.toThrow('the write failed');
    const { rows } = await database.pool.query(
      "select 1 from outbox where to_address = 'rolled-back@example.com'",
    );
    expect(rows).toHaveLength(0);
    expect(await m.deliverDue()).toBe(0);
    await new Promise((r) => setTimeout(r, 200));
    expect(tries.has('rolled-back@example.com')).toBe(false);
  });

  it('retries a refused message after each backoff, then sends it once the server accepts', async () => {
    const to = 'busy@example.com';
    // The server refuses the first two attempts and takes the third.
    refuse = (address) => address === to && (tries.get(to)?.length ?? 0) <= 2;
    const m = mailer([150, 300, 5000]);
    await m.start();
    const id = await m.enqueue(database.db, message(to));

    const failing = await until(async () => {
      const r = await row(id);
      return r.last_error !== null && r;
    });
    expect(failing.status).toBe('pending');
    expect(failing.last_error).toContain('Mailbox unavailable, try later');

    const sent = await until(async () => {
      const r = await row(id);
      return r.status === 'sent' && r;
    });
    expect(sent.attempts).toBe(3);
    expect(sent.last_error).toBeNull();
    const at = tries.get(to) ?? [];
    expect(at).toHaveLength(3);
    expect(at[1] - at[0]).toBeGreaterThanOrEqual(140);
    expect(at[2] - at[1]).toBeGreaterThanOrEqual(290);
    expect(arrived(to)).toHaveLength(1);
    // One warning line per failed pass, never an error: it was not given up.
    expect(lines.filter((l) => l.level === 'error')).toHaveLength(0);
  });

  it('gives a message up as failed after the last retry, keeping the error', async () => {
    const to = 'never@example.com';
    refuse = (address) => address === to;
    const m = mailer([50, 50]);
    await m.start();
    const quote = await newQuote();
    const id = await m.enqueue(database.db, message(to, { quote_id: quote, inquiry_id: null }));
    const failed = await until(async () => {
      const r = await row(id);
      return r.status === 'failed' && r;
    });
    expect(failed.attempts).toBe(3);
    expect(failed.last_error).toContain('Mailbox unavailable, try later');
    await new Promise((r) => setTimeout(r, 150));
    expect(tries.get(to)).toHaveLength(3);
    expect((await m.deliveryOfQuotes(database.db, [quote])).get(quote)).toMatchObject({
      outbox_id: id,
      status: 'failed',
      attempts: 3,
      last_error: expect.stringContaining('Mailbox unavailable, try later'),
      next_attempt_at: null,
    });
    const given = lines.filter((l) => l.level === 'error');
    expect(given).toHaveLength(1);
    expect(given[0].obj).toMatchObject({ outboxId: id });
  });

  it('never sends one message twice when several senders claim at once', async () => {
    const ids: number[] = [];
    const first = mailer();
    for (let i = 0; i < 12; i++) ids.push(await first.enqueue(database.db, message(`many-${i}@example.com`)));
    // Three senders (three processes' worth), none started: each claims what it can.
    const attempts = await Promise.all([first.deliverDue(), mailer().deliverDue(), mailer().deliverDue()]);
    expect(attempts.reduce((a, b) => a + b, 0)).toBe(12);
    for (let i = 0; i < 12; i++) expect(arrived(`many-${i}@example.com`)).toHaveLength(1);
    const { rows } = await database.pool.query('select status, attempts from outbox where id = any($1)', [
      ids,
    ]);
    expect(rows.every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
  });

  it("reports a quote's latest message", async () => {
    const m = mailer();
    const quote = await newQuote();
    await m.enqueue(database.db, message('v1@example.com', { quote_id: quote }));
    await m.deliverDue();
    const v2 = await m.enqueue(database.db, message('v2@example.com', { quote_id: quote }));
    const latest = (await m.deliveryOfQuotes(database.db, [quote])).get(quote);
    expect(latest).toMatchObject({ outbox_id: v2, status: 'pending', attempts: 0, last_error: null });
    // Due now: its first attempt is the next try.
    expect(Math.abs(Date.parse(latest?.next_attempt_at ?? '') - Date.now())).toBeLessThan(60_000);
    expect(await m.deliveryOfQuotes(database.db, [])).toEqual(new Map());
  });

  it('keeps the messages of a request that is deleted, without their links', async () => {
    const m = mailer();
    const quote = await newQuote();
    const { inquiry_id } = (await database.pool.query('select inquiry_id from quotes where id = $1', [quote]))
      .rows[0];
    const id = await m.enqueue(database.db, message('gone@example.com', { quote_id: quote, inquiry_id }));
    await database.pool.query('delete from inquiries where id = $1', [inquiry_id]);
    expect(await row(id)).toMatchObject({ quote_id: null, inquiry_id: null, status: 'pending' });
  });
});

describe('shutdown', () => {
  it('stops after the message being sent is sent and recorded, and claims nothing more', async () => {
    holdMs = 300;
    const m = mailer();
    await m.start();
    const id = await m.enqueue(database.db, message('slow@example.com'));
    await until(() => tries.has('slow@example.com'));
    await m.stop();
    expect((await row(id)).status).toBe('sent');
    const later = await m.enqueue(database.db, message('after-stop@example.com'));
    await new Promise((r) => setTimeout(r, 150));
    expect((await row(later)).status).toBe('pending');
    expect(await m.deliverDue()).toBe(0);
  });
});

describe('without SMTP', () => {
  it('keeps every message in the outbox as stored, and sends nothing', async () => {
    const m = mailer(undefined, 'none');
    expect(m.mode).toBe('store');
    await m.start();
    const quote = await newQuote();
    const id = await database.db.transaction((tx) =>
      m.enqueue(tx, message('kept@example.com', { quote_id: quote })),
    );
    expect(await m.deliverDue()).toBe(0);
    const kept = await row(id);
    expect(kept).toMatchObject({ status: 'stored', attempts: 0, sent_at: null });
    expect(tries.has('kept@example.com')).toBe(false);
    // Kept, not sent: the quote says so.
    expect((await m.deliveryOfQuotes(database.db, [quote])).get(quote)).toEqual({
      outbox_id: id,
      status: 'stored',
      attempts: 0,
      last_error: null,
      next_attempt_at: null,
      sent_at: null,
    });
  });
});
