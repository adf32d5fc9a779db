import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** How the burst is shaped: products updated one after another each, all products at once. */
const PRODUCTS = 100;
const UPDATES_EACH = 10;
/** How long the receiver may take to hear the last event before the run is called a failure. */
const DRAIN_TIMEOUT_MS = 300_000;

type Api = (method: string, url: string, body?: unknown) => Promise<Response>;

export type BurstResult = {
  updates: number;
  events: number;
  /** Events that arrived before an earlier update of the same product. */
  outOfOrder: number;
  updateSeconds: number;
  /** From the first update sent to the last event received. */
  totalSeconds: number;
  eventsPerSecond: number;
};

/**
 * 1,000 product updates (10 each to 100 new products, each product's in turn, the products side by
 * side) to a server that delivers product.updated to a receiver on loopback: how many events
 * arrive, whether each product's arrive in the order of its updates, and events per second from
 * the first update to the last event. The products are made for the run and deleted after it.
 */
export async function webhookBurst(api: Api): Promise<BurstResult> {
  const seen = new Map<number, number[]>();
  let lastAt = 0;
  let events = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const event = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      const round = Number(String(event.data?.description ?? '').split(' ')[1]);
      if (event.type === 'product.updated' && Number.isFinite(round)) {
        seen.set(event.data.id, [...(seen.get(event.data.id) ?? []), round]);
        events++;
        lastAt = performance.now();
      }
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/bench`;
  const stamp = Date.now();
  const made: { id: number; name: string; sku: string; mrp: number }[] = [];
  for (let i = 0; i < PRODUCTS; i++) {
    const body = { name: `Webhook bench ${stamp}-${i}`, sku: `WHB-${stamp}-${i}`, mrp: 10, status: 'draft' };
    made.push(await (await api('POST', '/api/products', body)).json());
  }
  const endpoint = await (await api('POST', '/api/webhooks', { url, events: ['product.updated'] })).json();
  try {
    const started = performance.now();
    await Promise.all(
      made.map(async (p) => {
        for (let round = 1; round <= UPDATES_EACH; round++)
          await api('PUT', `/api/products/${p.id}`, {
            name: p.name,
            sku: p.sku,
            description: `round ${round}`,
            brand_id: null,
            category_id: null,
            pricing: { mrp: p.mrp },
            status: 'draft',
          });
      }),
    );
    const updateSeconds = (performance.now() - started) / 1000;
    const updates = PRODUCTS * UPDATES_EACH;
    const deadline = performance.now() + DRAIN_TIMEOUT_MS;
    while (events < updates && performance.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    const totalSeconds = ((events ? lastAt : performance.now()) - started) / 1000;
    let outOfOrder = 0;
    for (const rounds of seen.values())
      for (let i = 1; i < rounds.length; i++) if (rounds[i] < rounds[i - 1]) outOfOrder++;
    return {
      updates,
      events,
      outOfOrder,
      updateSeconds: Number(updateSeconds.toFixed(2)),
      totalSeconds: Number(totalSeconds.toFixed(2)),
      eventsPerSecond: Math.round(events / totalSeconds),
    };
  } finally {
    await api('DELETE', `/api/webhooks/${endpoint.id}`);
    for (const p of made) {
      await api('DELETE', `/api/products/${p.id}`);
      await api('DELETE', `/api/trash/product/${p.id}`);
    }
    server.closeAllConnections();
    server.close();
  }
}
