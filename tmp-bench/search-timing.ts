import { openDatabase } from '../server/db/client';
import { createShopService } from '../server/modules/shop/shop.service';
import { createProductsService } from '../server/modules/products/products.service';
import { productListQuery } from '../domain/product-list';

const url = process.env.BENCH_DATABASE_URL!;
const database = await openDatabase({ kind: 'postgres', url, max: 4 });
const shop = createShopService(database.db);
const products = createProductsService(database.db);
const runs = Number(process.env.RUNS ?? 200);

async function time(label: string, fn: () => Promise<unknown>) {
  for (let i = 0; i < 20; i++) await fn();
  const t: number[] = [];
  for (let i = 0; i < runs; i++) {
    const s = performance.now();
    await fn();
    t.push(performance.now() - s);
  }
  t.sort((a, b) => a - b);
  const p = (q: number) => t[Math.min(t.length - 1, Math.floor(q * t.length))].toFixed(2);
  console.log(`${label.padEnd(40)} p50 ${p(0.5)} p95 ${p(0.95)} p99 ${p(0.99)} ms`);
}
const queries = (process.env.QUERIES ?? 'cordless fan|fan|cordl|cordles fn|sku-0044127|sku0044127|eco saw 44127|90kg|kettle').split('|');
for (const q of queries) {
  const r = await shop.list({ q, categoryIds: null, brandId: null, page: 1 });
  console.log(q, 'total', r.total, r.exact, 'first', r.cards[0]?.name, 'sugg', r.suggestion);
  await time(`shop ${q}`, () => shop.list({ q, categoryIds: null, brandId: null, page: 1 }));
  const params = productListQuery.parse({ q, limit: '8' });
  await time(`staff/palette ${q}`, () => products.list(params));
}
await database.close();
