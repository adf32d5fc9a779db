/**
 * What a customer holding two large agreements costs to price: a customer of a company, one
 * fixed list of 100,000 rows assigned to the company and another to the customer (half its
 * variants with a 10+ row), then the requests the benchmark times. Built through the API, so the
 * same on both databases, and kept: a second run finds the lists and only signs the buyer in.
 */

type Api = (method: string, url: string, token?: string, body?: unknown) => Promise<Response>;
type Request = { method?: string; path: string; headers?: Record<string, string>; body?: string };

/** Rows in each of the two lists. */
const LIST_ROWS = 100_000;
/** Rows one PUT of a list's prices takes (the API's own limit). */
const PER_PUT = 1_000;
const LINES = 24;
const EMAIL = 'bench.agreements@example.com';
const COMPANY = 'Bench Agreements Ltd';
const NAMES = ['Bench agreement (company)', 'Bench agreement (customer)'] as const;

/** The seed's SKU of product i (seed-large.ts), its middle size when products have sizes. */
const skuOf = (i: number, sized: boolean) => `SKU-${String(i).padStart(7, '0')}${sized ? '-M' : ''}`;

/**
 * A price in cents from 1.00 to 500.99 that differs between the lists and across products, made a
 * decimal by one division (an amount the API takes has two decimals at most).
 */
const centsOf = (i: number, list: number) => ((i * 7919 + list * 104_729) % 50_000) + 100;

async function json<T>(res: Promise<Response>): Promise<T> {
  return (await (await res).json()) as T;
}

/** The customer (made by a quote request, as buyers are) and their company, once. */
async function ensureCustomer(api: Api, token: string) {
  const find = async () =>
    (
      await json<{ data: { id: number; company: { id: number } | null }[] }>(
        api('GET', `/api/customers?q=${encodeURIComponent(EMAIL)}&limit=1`, token),
      )
    ).data[0];
  let customer = await find();
  if (!customer) {
    await api('POST', '/api/inquiries', undefined, {
      name: 'Bench Buyer',
      email: EMAIL,
      company: COMPANY,
      subject: 'Agreed prices',
      message: 'The benchmark’s buyer with two agreements.',
    });
    customer = await find();
  }
  if (!customer?.company) throw new Error(`the bench customer ${EMAIL} has no company`);
  return { id: customer.id, companyId: customer.company.id };
}

/** One of the two lists with its rows, made unless a list of that name holds them already. */
async function ensureList(
  api: Api,
  token: string,
  n: 0 | 1,
  who: { id: number; companyId: number },
  sized: boolean,
  log: (line: string) => void,
) {
  const name = NAMES[n];
  const found = await json<{ data: { id: number; name: string; price_count: number }[] }>(
    api('GET', `/api/price-lists?q=${encodeURIComponent(name)}`, token),
  );
  const kept = found.data.find((l) => l.name === name);
  if (kept && kept.price_count >= LIST_ROWS) return kept.id;
  const id =
    kept?.id ??
    (
      await json<{ id: number }>(
        api('POST', '/api/price-lists', token, {
          name,
          type: 'fixed',
          active: true,
          company_ids: n === 0 ? [who.companyId] : [],
          customer_ids: n === 1 ? [who.id] : [],
        }),
      )
    ).id;
  const started = Date.now();
  // The company's list: a row for each of the first 100,000 products; the customer's: a row and a
  // 10+ row for each of the first 50,000.
  const rows =
    n === 0
      ? Array.from({ length: LIST_ROWS }, (_, k) => ({
          sku: skuOf(k + 1, sized),
          min_quantity: 1,
          price: centsOf(k + 1, 0) / 100,
        }))
      : Array.from({ length: LIST_ROWS / 2 }, (_, k) => [
          { sku: skuOf(k + 1, sized), min_quantity: 1, price: centsOf(k + 1, 1) / 100 },
          { sku: skuOf(k + 1, sized), min_quantity: 10, price: Math.max(100, centsOf(k + 1, 1) - 50) / 100 },
        ]).flat();
  for (let at = 0; at < rows.length; at += PER_PUT)
    await api('PUT', `/api/price-lists/${id}/prices`, token, { prices: rows.slice(at, at + PER_PUT) });
  log(`  ${name}: ${rows.length} rows written in ${Math.round((Date.now() - started) / 1000)} s`);
  return id;
}

/** The buyer's portal session: a new sign-in link asked for, read from the outbox, exchanged. */
async function buyerSession(api: Api, token: string) {
  type Mail = { id: number; kind: string; to: string; text: string };
  const links = async () =>
    (await json<{ data: Mail[] }>(api('GET', '/api/outbox?limit=100', token))).data.filter(
      (m) => m.kind === 'account_login' && m.to === EMAIL,
    );
  // A link from an earlier run was used then: only the one asked for now will do.
  const earlier = new Set((await links()).map((m) => m.id));
  await api('POST', '/api/account/login-link', undefined, { email: EMAIL });
  for (let tries = 0; tries < 100; tries++) {
    const mail = (await links()).find((m) => !earlier.has(m.id));
    const link = mail?.text.match(/login\?token=([A-Za-z0-9_-]+)/)?.[1];
    if (link)
      return (await json<{ token: string }>(api('POST', '/api/account/session', undefined, { token: link })))
        .token;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no new sign-in e-mail to ${EMAIL} in the outbox`);
}

/** Variant ids the lists hold, read back from the company's list at pages across it. */
async function listedVariants(api: Api, token: string, listId: number) {
  const ids: number[] = [];
  for (const page of [1, 100, 200, 300, 400, 500, 600, 700, 800, 900, 1000]) {
    const { data } = await json<{ data: { variant_id: number }[] }>(
      api('GET', `/api/price-lists/${listId}/prices?page=${page}&limit=100`, token),
    );
    ids.push(...data.map((r) => r.variant_id));
  }
  return ids;
}

const pick = <T>(items: T[], n: number) =>
  Array.from({ length: n }, () => items[Math.floor(Math.random() * items.length)]);

/**
 * The two timed requests: a 24-line quote priced for the customer (`POST /api/pricing`, each line
 * at a quantity from 1 to 60, so the 10+ rows and breaks are in play), and the signed-in buyer's
 * `GET /api/account/prices` for 24 variants, each time a different draw from the lists' variants.
 */
export async function customerPricesRequests(
  api: Api,
  token: string,
  sized: boolean,
  log: (line: string) => void,
) {
  const who = await ensureCustomer(api, token);
  const companyList = await ensureList(api, token, 0, who, sized, log);
  await ensureList(api, token, 1, who, sized, log);
  const variants = await listedVariants(api, token, companyList);
  const buyer = await buyerSession(api, token);
  const staff = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const quote = (): Request => ({
    method: 'POST',
    path: '/api/pricing',
    headers: staff,
    body: JSON.stringify({
      customer_id: who.id,
      lines: pick(variants, LINES).map((variant_id) => ({
        variant_id,
        quantity: 1 + Math.floor(Math.random() * 60),
      })),
    }),
  });
  const account = (): Request => ({
    path: `/api/account/prices?variant_ids=${[...new Set(pick(variants, LINES))].join(',')}`,
    headers: { authorization: `Bearer ${buyer}` },
  });
  return { quote, account };
}
