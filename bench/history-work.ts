/**
 * The change log's costs (PostgreSQL): a product update with the log and without it, the history
 * of one product with 1,000 changes, and filters over a year's log at 10,000 changes a day.
 *
 * The year is seeded once with generate_series (its entries carry a negative tx, which no real
 * transaction has, so a later run finds them and does not seed again), dated evenly over the 365
 * days before the seed, so ids follow dates as they do in a real log. Its spread: a fifth of the
 * staff make most changes; products take 70 % of the entries, inquiries 12 %, categories,
 * discounts, quotes, brands and staff accounts the rest; 85 % are updates, 9 % creates, the rest
 * deletes, trash, restores and purges.
 */
import pg from 'pg';

export const YEAR_ENTRIES = 3_650_000;
export const ONE_PRODUCT_CHANGES = 1_000;
const STAFF = 20;

type Request = { method?: string; path: string; headers?: Record<string, string>; body?: string };
export type HistoryRow = {
  scenario: string;
  connections: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  rssMb: number;
  note?: string;
};
export type HistoryDeps = {
  pgUrl: string;
  /** Starts the server with extra environment (the database URL among it), or the plain one. */
  restart: (env?: Record<string, string>) => Promise<{ pid: number | undefined; token: string }>;
  load: (
    name: string,
    connections: number,
    pick: () => Request,
    pid: number | undefined,
    seconds?: number,
  ) => Promise<HistoryRow>;
  /** Vacuums and analyzes, as autovacuum would after a seed. */
  vacuum: () => Promise<void>;
  log: (line: string) => void;
};

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Staff accounts to author the seeded entries (they cannot sign in: their hash is no hash). */
async function staffIds(client: pg.Client): Promise<number[]> {
  await client.query(
    `insert into users (name, email, password_hash, role)
     select 'History staff ' || i, 'history-staff-' || i || '@example.com', 'not-a-hash', 'editor'
     from generate_series(1, $1::int) i on conflict do nothing`,
    [STAFF],
  );
  const { rows } = await client.query<{ id: number }>(
    "select id from users where email like 'history-staff-%@example.com' order by id",
  );
  return rows.map((r) => r.id);
}

/** A year's log, unless it is there already. Returns how long the seed took (0 if it was there). */
export async function seedYear(url: string, log: (line: string) => void): Promise<number> {
  return withClient(url, async (client) => {
    const { rows } = await client.query<{ n: number }>(
      'select count(*)::int as n from (select 1 from change_log where tx < 0 limit 1) s',
    );
    if (rows[0].n > 0) return 0;
    const staff = await staffIds(client);
    log(`  seeding a year's change log (${YEAR_ENTRIES.toLocaleString('en')} entries)…`);
    const started = performance.now();
    await client.query(
      `insert into change_log (at, actor_id, entity_type, entity_id, action, changes, tx)
       select now() - interval '365 days' + g * (interval '365 days' / $1::int),
         ($2::int[])[1 + floor(power(v, 2) * array_length($2::int[], 1))::int],
         kind,
         1 + floor(u * case kind when 'product' then 100000 when 'category' then 1010 when 'brand' then 500
           when 'discount' then 20000 when 'inquiry' then 200000 when 'quote' then 50000 else 20 end)::int,
         act,
         case when kind = 'product' and act = 'update'
           then jsonb_build_object('mrp', jsonb_build_object('before', round((u * 900 + 10)::numeric, 2),
             'after', round((u * 900 + 11)::numeric, 2)))
           when act = 'update'
           then jsonb_build_object('name', jsonb_build_object('before', 'Item ' || g, 'after', 'Item ' || g || ' (new)'))
           when act = 'create'
           then jsonb_build_object('name', jsonb_build_object('before', null, 'after', 'Item ' || g))
           else '{}'::jsonb end,
         -g
       from (
         select g, u, v,
           case when t < 0.70 then 'product' when t < 0.75 then 'category' when t < 0.78 then 'brand'
             when t < 0.83 then 'discount' when t < 0.95 then 'inquiry' when t < 0.99 then 'quote'
             else 'user' end as kind,
           case when a < 0.85 then 'update' when a < 0.94 then 'create' when a < 0.97 then 'trash'
             when a < 0.98 then 'delete' when a < 0.99 then 'restore' else 'purge' end as act
         from (select g, random() as t, random() as a, random() as u, random() as v
               from generate_series(1, $1::int) g) r
       ) e`,
      [YEAR_ENTRIES, staff],
    );
    const seconds = (performance.now() - started) / 1000;
    log(`  seeded in ${seconds.toFixed(1)} s`);
    return seconds;
  });
}

/**
 * One product with ONE_PRODUCT_CHANGES price changes by the staff, as the log's triggers write
 * them, an hour apart up to now. Returns the product's id.
 */
async function seedOneProduct(url: string): Promise<number> {
  return withClient(url, async (client) => {
    const { rows } = await client.query<{ id: number; n: number }>(
      `select p.id, (select count(*)::int from change_log c where c.entity_type = 'product' and c.entity_id = p.id) as n
       from products p order by p.id limit 1`,
    );
    const { id, n } = rows[0];
    if (n >= ONE_PRODUCT_CHANGES) return id;
    const staff = await staffIds(client);
    await client.query(
      `insert into change_log (at, actor_id, entity_type, entity_id, action, changes, tx)
       select now() - (($3::int - i) * interval '1 hour'), ($2::int[])[1 + i % array_length($2::int[], 1)],
         'product', $1::int, 'update',
         jsonb_build_object('mrp', jsonb_build_object('before', 100 + i, 'after', 101 + i)),
         -($4::bigint + i)
       from generate_series(1, $3::int) i`,
      [id, staff, ONE_PRODUCT_CHANGES - n, YEAR_ENTRIES],
    );
    return id;
  });
}

const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

export async function historyWork(deps: HistoryDeps): Promise<HistoryRow[]> {
  const rows: HistoryRow[] = [];
  const seedSeconds = await seedYear(deps.pgUrl, deps.log);
  const productId = await seedOneProduct(deps.pgUrl);
  if (seedSeconds > 0) await deps.vacuum();

  // Product updates: a full PUT body, the price moved on each request so every one changes a
  // logged field; the same requests with the log on, off (stockroom.history = 'off' on every
  // connection, where the triggers return first), then on again.
  const off = new URL(deps.pgUrl);
  off.searchParams.set('options', '-c stockroom.history=off');
  let server = await deps.restart();
  const auth = () => ({ authorization: `Bearer ${server.token}` });
  const { ids, bodies } = await withClient(deps.pgUrl, async (client) => {
    const { rows: found } = await client.query(
      `select id, name, sku, brand_id, category_id, description, status, mrp::float8 as mrp
       from products order by id desc limit 1000`,
    );
    return {
      ids: found.map((p) => p.id as number),
      bodies: new Map(
        found.map((p) => [
          p.id as number,
          (mrp: number) =>
            JSON.stringify({
              name: p.name,
              sku: p.sku,
              brand_id: p.brand_id,
              category_id: p.category_id,
              description: p.description,
              status: p.status,
              pricing: { mrp },
            }),
        ]),
      ),
    };
  });
  let serial = 0;
  const update = (): Request => {
    serial += 1;
    const id = ids[serial % ids.length];
    return {
      method: 'PUT',
      path: `/api/products/${id}`,
      headers: { ...auth(), 'content-type': 'application/json' },
      // Whole cents divided once print as two decimals (10 + 0.07 would not).
      body: bodies.get(id)?.((1000 + (serial % 997)) / 100),
    };
  };
  for (const [label, env] of [
    ['with the log', undefined],
    ['without the log', { DATABASE_URL: off.toString() }],
    ['with the log, again', undefined],
  ] as const) {
    server = await deps.restart(env);
    await deps.load('warm', 10, update, server.pid, 2);
    rows.push(await deps.load(`history: product update (PUT), ${label}`, 10, update, server.pid));
  }

  server = await deps.restart();
  const lists: [string, number, string][] = [
    [
      `one product's history (${ONE_PRODUCT_CHANGES} changes)`,
      1,
      `entity_type=product&entity_id=${productId}`,
    ],
    [
      `one product's history (${ONE_PRODUCT_CHANGES} changes)`,
      10,
      `entity_type=product&entity_id=${productId}`,
    ],
    ['the whole log, first page', 10, ''],
    ['by actor', 10, 'actor_id=__ACTOR__'],
    ['by type (brand)', 10, 'entity_type=brand'],
    ['by action (trash)', 10, 'action=trash'],
    ['a week, last week', 10, `from=${daysAgo(7)}&to=${daysAgo(1)}`],
    ['a week, six months ago', 10, `from=${daysAgo(187)}&to=${daysAgo(181)}`],
    ['a month, a year ago', 10, `from=${daysAgo(360)}&to=${daysAgo(330)}`],
    [
      'actor + type + action + month',
      10,
      `actor_id=__ACTOR__&entity_type=product&action=update&from=${daysAgo(120)}&to=${daysAgo(90)}`,
    ],
    ['the whole log, page 400', 10, 'page=400'],
  ];
  const actor = await withClient(deps.pgUrl, async (client) => (await staffIds(client))[3]);
  for (const [name, connections, query] of lists) {
    const url = `/api/history?${query.replaceAll('__ACTOR__', String(actor))}`;
    const pick = () => ({ path: url, headers: auth() });
    await deps.load('warm', connections, pick, server.pid, 1);
    rows.push(await deps.load(`history: ${name}`, connections, pick, server.pid));
  }
  return rows;
}
