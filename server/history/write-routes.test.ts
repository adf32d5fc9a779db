import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRoutes, RELAXED_LIMITS, type Seed, seedCatalogue } from '../security/support';
import { createProduct, createQuoteRequest } from '../test/factories';
import { ADMIN, createTestContext, type TestContext } from '../test/harness';
import { multipart, png } from '../test/images';
import { sentQuote } from '../test/quotes';
import { upload as sendFile } from '../test/uploads';

/**
 * Every write route logs what it changed. The routes come from the app's own route table, so a
 * new POST, PUT, PATCH or DELETE route fails this file until it is listed below: in CASES, which
 * calls it for real on fixtures and names the entries it must have written (entity, id, action,
 * author), or in EXEMPT with the reason it changes no logged entity.
 */

let ctx: TestContext;
let seed: Seed;
let adminId: number;
beforeAll(async () => {
  ctx = await createTestContext({ ...RELAXED_LIMITS, LOCALES: 'en,de' });
  seed = await seedCatalogue(ctx, 'Route');
  adminId = (await query('select id from users where email = $1', [ADMIN.email]))[0].id;
}, 120_000);
afterAll(() => ctx?.close());

const query = async (text: string, values: unknown[] = []) =>
  (await ctx.database.pool.query(text, values)).rows;

/** An entry a call must write; action may name the ones another helper's work may make it. */
type Expected = {
  entity_type: string;
  entity_id: number | null;
  action: string | string[];
  actor_id: number | null;
};

/** The id in a route's answer. */
const id = (answer: { id: unknown }) => Number(answer.id);
const roleId = async (key: string) =>
  (await query('select id from roles where key = $1', [key]))[0].id as number;

async function upload(url: string, field: string, color: string, fields: Record<string, string> = {}) {
  const res = await sendFile(
    ctx.as(ctx.adminToken),
    url,
    { field, name: 'route.png', type: 'image/png', bytes: await png(color) },
    fields,
  );
  expect(res.statusCode, `POST ${url}: ${res.body}`).toBeLessThan(300);
  return res;
}

let unique = 0;
const next = () => ++unique;
const product = (extra: object = {}) =>
  createProduct(ctx.admin, { name: `Route throwaway ${next()}`, mrp: 5, ...extra }).then(id);
const images = async (productId: number) =>
  (await query('select id from product_images where product_id = $1 order by position, id', [productId])).map(
    (r) => r.id as number,
  );
const blocks = async (productId: number) =>
  (
    await query(
      `select id from product_layout_blocks where product_id = $1 and block_type not in ('basic', 'images')
        order by position`,
      [productId],
    )
  ).map((r) => r.id as number);

/** A product with one option, Size S/M: its default variant became Size S. */
async function withOption() {
  const target = await product({ sku: `RT-SIZE-${next()}` });
  const option = await ctx.admin.ok('POST', `/api/products/${target}/options`, {
    name: 'Size',
    values: ['S', 'M'],
  });
  const [variant] = await query('select id from product_variants where product_id = $1', [target]);
  return { target, optionId: id(option), variantId: variant.id as number };
}

/** An inquiry from a visitor, and a quote sent on it: its token opens the customer's page. */
async function quoteSent() {
  const { inquiry, id, token } = await sentQuote(ctx, {
    inquiry: { name: 'Route Visitor', email: 'route@example.com', subject: 'Price', message: 'How much?' },
    lines: [{ name: 'Line', quantity: 1, unit_price: 5 }],
  });
  return { inquiry: inquiry.id, quote: id, token };
}

/** A company of its own, made the way the shop makes one: a visitor's request naming it. */
async function companyOf() {
  const n = next();
  const res = await createQuoteRequest(ctx.as(), {
    name: 'Co',
    email: `co-${n}@example.com`,
    subject: 'S',
    message: 'M',
    company: `Route Co ${n}`,
  });
  const [row] = await query(
    'select c.company_id from inquiries i join customers c on c.id = i.customer_id where i.id = $1',
    [id(res)],
  );
  return row.company_id as number;
}

/**
 * A draft at half price that the editor asked approval for, the discount rule on only while it
 * is made (the other cases send as the admin, who may send it anyway).
 */
async function pendingDraft() {
  await ctx.admin.ok('PUT', '/api/settings/quote-approval', { max_discount_percent: 10, max_total: null });
  const inquiry = id(
    await ctx
      .as()
      .ok('POST', '/api/inquiries', { name: 'V', email: 'v@example.com', subject: 'S', message: 'M' }),
  );
  const quote = id(await ctx.admin.ok('POST', `/api/inquiries/${inquiry}/quotes`));
  await ctx.admin.ok('PUT', `/api/quotes/${quote}`, {
    lines: [{ name: 'Approval line', quantity: 1, unit_price: 10, discount_percent: 50 }],
  });
  await ctx.as(seed.editorToken).ok('POST', `/api/quotes/${quote}/approval`, { note: 'Please' });
  await ctx.admin.ok('PUT', '/api/settings/quote-approval', { max_discount_percent: null, max_total: null });
  return quote;
}

const admin = (entity_type: string, entity_id: number | null, action: Expected['action'] = 'update') => ({
  entity_type,
  entity_id,
  action,
  actor_id: adminId,
});
/** A catalogue delete moves the item to the trash. */
const REMOVED = 'trash';

/** Each write route: the call, answering the entries it must have written. */
const CASES: Record<string, () => Promise<Expected[]>> = {
  'PUT /api/me': async () => {
    await ctx
      .as(seed.editorToken)
      .ok('PUT', '/api/me', { name: 'Route Editor Two', email: 'route-editor@example.com' });
    return [{ entity_type: 'user', entity_id: seed.editorId, action: 'update', actor_id: seed.editorId }];
  },
  'POST /api/users': async () => {
    const res = await ctx.admin.ok('POST', '/api/users', {
      name: 'Route New',
      email: 'route-new@example.com',
      password: 'secret1',
    });
    return [admin('user', id(res), 'create')];
  },
  'DELETE /api/users/:id': async () => {
    const user = id(
      await ctx.admin.ok('POST', '/api/users', {
        name: 'Route Gone',
        email: 'route-gone@example.com',
        password: 'secret1',
      }),
    );
    await ctx.admin.ok('DELETE', `/api/users/${user}`);
    return [admin('user', user, 'delete')];
  },
  'PATCH /api/users/:id': async () => {
    const user = id(
      await ctx.admin.ok('POST', '/api/users', {
        name: 'Route Role',
        email: 'route-role@example.com',
        password: 'secret1',
      }),
    );
    await ctx.admin.ok('PATCH', `/api/users/${user}`, { role: 'sales', name: 'Route Sales' });
    return [admin('user', user, ['create', 'update'])];
  },
  'POST /api/roles': async () => {
    await ctx.admin.ok('POST', '/api/roles', { name: 'Route Role A', permissions: ['catalogue.read'] });
    return [admin('role', await roleId('route-role-a'), 'create')];
  },
  'PATCH /api/roles/:key': async () => {
    await ctx.admin.ok('POST', '/api/roles', { name: 'Route Role B', permissions: [] });
    await ctx.admin.ok('PATCH', '/api/roles/route-role-b', { permissions: ['inquiry.read'] });
    return [admin('role', await roleId('route-role-b'), ['create', 'update'])];
  },
  'DELETE /api/roles/:key': async () => {
    await ctx.admin.ok('POST', '/api/roles', { name: 'Route Role C', permissions: [] });
    const role = await roleId('route-role-c');
    await ctx.admin.ok('DELETE', '/api/roles/route-role-c');
    return [admin('role', role, ['create', 'delete'])];
  },

  'POST /api/api-tokens': async () => {
    const made = await ctx.admin.ok('POST', '/api/api-tokens', { name: 'Route Token A', role: 'viewer' });
    return [admin('api_token', id(made), 'create')];
  },
  'DELETE /api/api-tokens/:id': async () => {
    const token = id(
      await ctx.admin.ok('POST', '/api/api-tokens', { name: 'Route Token B', role: 'viewer' }),
    );
    await ctx.admin.ok('DELETE', `/api/api-tokens/${token}`);
    return [admin('api_token', token, ['create', 'update'])];
  },

  'POST /api/categories': async () => [
    admin(
      'category',
      id(await ctx.admin.ok('POST', '/api/categories', { name: `Route Category ${next()}` })),
      'create',
    ),
  ],
  'PUT /api/categories/:id': async () => {
    await ctx.admin.ok('PUT', `/api/categories/${seed.childCategoryId}`, {
      name: 'Route Child Renamed',
      parent_id: seed.categoryId,
    });
    return [admin('category', seed.childCategoryId)];
  },
  'DELETE /api/categories/:id': async () => {
    const category = id(await ctx.admin.ok('POST', '/api/categories', { name: `Route Doomed ${next()}` }));
    await ctx.admin.ok('DELETE', `/api/categories/${category}`);
    return [admin('category', category, REMOVED)];
  },
  'POST /api/categories/:id/reorder': async () => {
    await ctx.admin.ok('POST', `/api/categories/${seed.categoryId}/reorder`, { sort_order: 1000 });
    return [admin('category', seed.categoryId)];
  },
  'POST /api/categories/:id/move': async () => {
    await ctx.admin.ok('POST', `/api/categories/${seed.categoryId}/move`, { direction: 'up' });
    return [admin('category', seed.categoryId)];
  },

  'POST /api/brands': async () => [
    admin(
      'brand',
      id(await ctx.admin.ok('POST', '/api/brands', { name: `Route Brand ${next()}` })),
      'create',
    ),
  ],
  'PUT /api/brands/:id/translations/:locale': async () => {
    await ctx.admin.ok('PUT', `/api/brands/${seed.brandId}/translations/de`, { description: 'Route Marke' });
    return [admin('brand', seed.brandId)];
  },
  'PUT /api/categories/:id/translations/:locale': async () => {
    await ctx.admin.ok('PUT', `/api/categories/${seed.categoryId}/translations/de`, {
      name: 'Route Kategorie',
    });
    return [admin('category', seed.categoryId)];
  },
  'PUT /api/products/:id/translations/:locale': async () => {
    const target = await product();
    await ctx.admin.ok('PUT', `/api/products/${target}/translations/de`, { name: 'Route Produkt' });
    return [admin('product', target)];
  },
  'PUT /api/products/:id/options/:optionId/translations/:locale': async () => {
    const { target, optionId } = await withOption();
    await ctx.admin.ok('PUT', `/api/products/${target}/options/${optionId}/translations/de`, {
      name: 'Größe',
    });
    return [admin('product', target)];
  },
  'PUT /api/brands/:id': async () => {
    await ctx.admin.ok('PUT', `/api/brands/${seed.brandId}`, { name: 'Route Brand Renamed' });
    return [admin('brand', seed.brandId)];
  },
  'DELETE /api/brands/:id': async () => {
    const brand = id(await ctx.admin.ok('POST', '/api/brands', { name: `Route Doomed Brand ${next()}` }));
    await ctx.admin.ok('DELETE', `/api/brands/${brand}`);
    return [admin('brand', brand, REMOVED)];
  },

  'POST /api/products': async () => [admin('product', await product(), 'create')],
  'PUT /api/products/:id': async () => {
    await ctx.admin.ok('PUT', `/api/products/${seed.productId}`, {
      name: 'Route Product',
      pricing: { mrp: 99.5 },
    });
    return [admin('product', seed.productId)];
  },
  'DELETE /api/products/:id': async () => {
    const doomed = await product();
    await ctx.admin.ok('DELETE', `/api/products/${doomed}`);
    return [admin('product', doomed, REMOVED)];
  },
  'POST /api/products/bulk': async () => {
    const target = await product();
    await ctx.admin.ok('POST', '/api/products/bulk', { ids: [target], action: 'unpublish' });
    return [admin('product', target), admin('product', null, 'bulk')];
  },
  'POST /api/products/:id/duplicate': async () => {
    const copy = id(await ctx.admin.ok('POST', `/api/products/${seed.productId}/duplicate`));
    return [admin('product', copy, 'create')];
  },
  'POST /api/products/:id/options': async () => {
    const target = await product({ sku: `RT-OPT-${next()}` });
    await ctx.admin.ok('POST', `/api/products/${target}/options`, { name: 'Size', values: ['S', 'M'] });
    return [admin('product', target)];
  },
  'PATCH /api/products/:id/options/:optionId': async () => {
    const { target, optionId } = await withOption();
    await ctx.admin.ok('PATCH', `/api/products/${target}/options/${optionId}`, { name: 'Length' });
    return [admin('product', target)];
  },
  'DELETE /api/products/:id/options/:optionId': async () => {
    const { target, optionId } = await withOption();
    await ctx.admin.ok('DELETE', `/api/products/${target}/options/${optionId}`);
    return [admin('product', target)];
  },
  'POST /api/products/:id/variants': async () => {
    const { target } = await withOption();
    await ctx.admin.ok('POST', `/api/products/${target}/variants`, {
      sku: `RT-VAR-${next()}`,
      options: { Size: 'M' },
      mrp: 6,
    });
    return [admin('product', target)];
  },
  'POST /api/products/:id/variants/generate': async () => {
    const { target } = await withOption();
    await ctx.admin.ok('POST', `/api/products/${target}/variants/generate`);
    return [admin('product', target)];
  },
  'PATCH /api/variants/:id': async () => {
    const { target, variantId } = await withOption();
    await ctx.admin.ok('PATCH', `/api/variants/${variantId}`, { mrp: 7.25 });
    return [admin('product', target)];
  },
  'DELETE /api/variants/:id': async () => {
    const { target } = await withOption();
    await ctx.admin.ok('POST', `/api/products/${target}/variants/generate`);
    const [, second] = await query(
      'select id from product_variants where product_id = $1 order by position, id',
      [target],
    );
    await ctx.admin.ok('DELETE', `/api/variants/${second.id}`);
    return [admin('product', target)];
  },
  'POST /api/products/:id/images/batch': async () => {
    await upload(`/api/products/${seed.productId}/images/batch`, 'images[]', '#2b2');
    return [admin('product', seed.productId)];
  },
  'PUT /api/products/:id/images/order': async () => {
    if ((await images(seed.productId)).length < 2)
      await upload(`/api/products/${seed.productId}/images/batch`, 'images[]', '#3c3');
    const ids = (await images(seed.productId)).reverse();
    await ctx.admin.ok('PUT', `/api/products/${seed.productId}/images/order`, { ids });
    return [admin('product', seed.productId)];
  },
  'PATCH /api/products/:id/images/:imageId': async () => {
    const [image] = await images(seed.productId);
    await ctx.admin.ok('PATCH', `/api/products/${seed.productId}/images/${image}`, {
      alt: `Route alt ${next()}`,
    });
    return [admin('product', seed.productId)];
  },
  'POST /api/products/:id/images/:imageId/delete': async () => {
    await upload(`/api/products/${seed.productId}/images/batch`, 'images[]', '#4d4');
    const image = (await images(seed.productId)).at(-1);
    await ctx.admin.ok('POST', `/api/products/${seed.productId}/images/${image}/delete`);
    return [admin('product', seed.productId)];
  },
  'POST /api/products/:id/layout/blocks/:blockId/move': async () => {
    const last = (await blocks(seed.productId)).at(-1);
    await ctx.admin.ok('POST', `/api/products/${seed.productId}/layout/blocks/${last}/move`, {
      direction: 'up',
    });
    return [admin('product', seed.productId)];
  },
  'PUT /api/products/:id/layout/order': async () => {
    const ids = (await blocks(seed.productId)).reverse();
    await ctx.admin.ok('PUT', `/api/products/${seed.productId}/layout/order`, { ids });
    return [admin('product', seed.productId)];
  },
  'POST /api/products/:id/lists': async () => {
    await ctx.admin.ok('POST', `/api/products/${seed.productId}/lists`, {
      title: 'More',
      items: [{ caption: 'x' }],
    });
    return [admin('product', seed.productId)];
  },
  'PUT /api/products/:id/lists/:listId': async () => {
    await ctx.admin.ok('PUT', `/api/products/${seed.productId}/lists/${seed.listId}`, {
      title: 'Route list',
      items: [{ caption: 'y' }],
    });
    return [admin('product', seed.productId)];
  },
  'DELETE /api/products/:id/lists/:listId': async () => {
    await ctx.admin.ok('DELETE', `/api/products/${seed.productId}/lists/${seed.listId}`);
    return [admin('product', seed.productId)];
  },
  'POST /api/products/:id/spec-groups': async () => {
    await ctx.admin.ok('POST', `/api/products/${seed.productId}/spec-groups`, {
      name: 'More',
      specs: [{ label: 'a', value: 'b' }],
    });
    return [admin('product', seed.productId)];
  },
  'PUT /api/products/:id/spec-groups/:groupId': async () => {
    await ctx.admin.ok('PUT', `/api/products/${seed.productId}/spec-groups/${seed.specGroupId}`, {
      name: 'Route specs',
      specs: [{ label: 'c', value: 'd' }],
    });
    return [admin('product', seed.productId)];
  },
  'DELETE /api/products/:id/spec-groups/:groupId': async () => {
    await ctx.admin.ok('DELETE', `/api/products/${seed.productId}/spec-groups/${seed.specGroupId}`);
    return [admin('product', seed.productId)];
  },
  'POST /api/products/:id/tables': async () => {
    await ctx.admin.ok('POST', `/api/products/${seed.productId}/tables`, { heading: 'More', columns: ['a'] });
    return [admin('product', seed.productId)];
  },
  'PUT /api/products/:id/tables/:tableId': async () => {
    await ctx.admin.ok('PUT', `/api/products/${seed.productId}/tables/${seed.tableId}`, {
      heading: 'Route table',
      columns: ['b'],
    });
    return [admin('product', seed.productId)];
  },
  'DELETE /api/products/:id/tables/:tableId': async () => {
    await ctx.admin.ok('DELETE', `/api/products/${seed.productId}/tables/${seed.tableId}`);
    return [admin('product', seed.productId)];
  },

  'POST /api/discounts': async () => {
    const res = await ctx.admin.ok('POST', '/api/discounts', {
      type: 'amount',
      value: 1,
      applies_to: 'product',
      product_id: seed.productId,
    });
    return [admin('discount', id(res), 'create')];
  },
  'PUT /api/discounts/:id': async () => {
    await ctx.admin.ok('PUT', `/api/discounts/${seed.discountId}`, {
      type: 'percent',
      value: 15,
      applies_to: 'brand',
      brand_id: seed.brandId,
    });
    return [admin('discount', seed.discountId)];
  },
  'DELETE /api/discounts/:id': async () => {
    const res = await ctx.admin.ok('POST', '/api/discounts', {
      type: 'amount',
      value: 2,
      applies_to: 'brand',
      brand_id: seed.brandId,
    });
    await ctx.admin.ok('DELETE', `/api/discounts/${id(res)}`);
    return [admin('discount', id(res), REMOVED)];
  },

  'POST /api/inquiries': async () => {
    const res = await ctx.as().ok('POST', '/api/inquiries', {
      name: 'Route Visitor',
      email: 'visitor@example.com',
      subject: 'S',
      message: 'M',
    });
    return [{ entity_type: 'inquiry', entity_id: id(res), action: 'create', actor_id: null }];
  },
  'PATCH /api/inquiries/:id': async () => {
    await ctx.admin.ok('PATCH', `/api/inquiries/${seed.inquiryId}`, { owner_id: adminId });
    return [admin('inquiry', seed.inquiryId)];
  },
  'POST /api/inquiries/:id/notes': async () => {
    await ctx.admin.ok('POST', `/api/inquiries/${seed.inquiryId}/notes`, { body: 'Route note' });
    return [admin('inquiry', seed.inquiryId)];
  },
  'DELETE /api/inquiries/:id': async () => {
    const { inquiry } = await quoteSent();
    await ctx.admin.ok('DELETE', `/api/inquiries/${inquiry}`);
    return [admin('inquiry', inquiry, 'trash')];
  },
  'POST /api/inquiries/:id/quotes': async () => {
    const inquiry = id(
      await ctx
        .as()
        .ok('POST', '/api/inquiries', { name: 'V', email: 'v@example.com', subject: 'S', message: 'M' }),
    );
    const quote = id(await ctx.admin.ok('POST', `/api/inquiries/${inquiry}/quotes`));
    return [admin('quote', quote, 'create')];
  },
  'PUT /api/quotes/:id': async () => {
    await ctx.admin.ok('PUT', `/api/quotes/${seed.quoteId}`, {
      lines: [{ name: 'Route line', quantity: 3, unit_price: 7 }],
    });
    return [admin('quote', seed.quoteId)];
  },
  'DELETE /api/quotes/:id': async () => {
    const inquiry = id(
      await ctx
        .as()
        .ok('POST', '/api/inquiries', { name: 'V', email: 'v@example.com', subject: 'S', message: 'M' }),
    );
    const quote = id(await ctx.admin.ok('POST', `/api/inquiries/${inquiry}/quotes`));
    await ctx.admin.ok('DELETE', `/api/quotes/${quote}`);
    return [admin('quote', quote, 'delete')];
  },
  'POST /api/quotes/:id/send': async () => {
    const { quote } = await quoteSent();
    return [admin('quote', quote)];
  },
  'POST /api/quotes/:id/approval': async () => {
    const quote = await pendingDraft();
    return [{ entity_type: 'quote', entity_id: quote, action: 'update', actor_id: seed.editorId }];
  },
  'POST /api/quotes/:id/approve': async () => {
    const quote = await pendingDraft();
    await ctx.admin.ok('POST', `/api/quotes/${quote}/approve`, { note: 'Fine' });
    return [admin('quote', quote)];
  },
  'POST /api/quotes/:id/reject': async () => {
    const quote = await pendingDraft();
    await ctx.admin.ok('POST', `/api/quotes/${quote}/reject`, { reason: 'Too deep' });
    return [admin('quote', quote)];
  },
  'POST /api/quotes/:id/revise': async () => {
    const { quote } = await quoteSent();
    const draft = id(await ctx.admin.ok('POST', `/api/quotes/${quote}/revise`));
    return [admin('quote', draft, 'create')];
  },
  'POST /api/quotes/:id/extend': async () => {
    const { quote } = await quoteSent();
    const extended = id(
      await ctx.admin.ok('POST', `/api/quotes/${quote}/extend`, { valid_until: '2099-01-31' }),
    );
    return [admin('quote', extended, 'create'), admin('quote', quote)];
  },
  'POST /api/public/quotes/:token/accept': async () => {
    const { quote, token } = await quoteSent();
    await ctx.as().ok('POST', `/api/public/quotes/${token}/accept`, { name: 'Signer' });
    return [{ entity_type: 'quote', entity_id: quote, action: 'update', actor_id: null }];
  },
  'POST /api/public/quotes/:token/decline': async () => {
    const { quote, token } = await quoteSent();
    await ctx.as().ok('POST', `/api/public/quotes/${token}/decline`, { reason: 'No' });
    return [{ entity_type: 'quote', entity_id: quote, action: 'update', actor_id: null }];
  },
  'POST /api/public/quotes/:token/changes': async () => {
    const { inquiry, token } = await quoteSent();
    await ctx.as().ok('POST', `/api/public/quotes/${token}/changes`, { message: 'Cheaper?' });
    return [{ entity_type: 'inquiry', entity_id: inquiry, action: 'update', actor_id: null }];
  },

  'PATCH /api/customers/:id': async () => {
    await ctx.admin.ok('PATCH', `/api/customers/${seed.customerId}`, { phone: '+1 555 0100' });
    return [admin('customer', seed.customerId)];
  },
  'POST /api/customers/:id/notes': async () => {
    await ctx.admin.ok('POST', `/api/customers/${seed.customerId}/notes`, { body: 'Route customer note' });
    return [admin('customer', seed.customerId)];
  },
  'POST /api/customers/:id/merge': async () => {
    const customerOf = async () => {
      const res = await createQuoteRequest(ctx.as(), {
        name: 'Merged',
        email: `merged-${next()}@example.com`,
        subject: 'S',
        message: 'M',
      });
      return (await query('select customer_id from inquiries where id = $1', [id(res)]))[0]
        .customer_id as number;
    };
    const source = await customerOf();
    const into = await customerOf();
    await ctx.admin.ok('POST', `/api/customers/${source}/merge`, { into_id: into });
    return [admin('customer', source, 'merge')];
  },
  'PATCH /api/companies/:id': async () => {
    await ctx.admin.ok('PATCH', `/api/companies/${seed.companyId}`, { website: 'https://route.example' });
    return [admin('company', seed.companyId)];
  },
  'POST /api/companies/:id/merge': async () => {
    const source = await companyOf();
    const into = await companyOf();
    await ctx.admin.ok('POST', `/api/companies/${source}/merge`, { into_id: into });
    return [admin('company', into, 'merge'), admin('company', source, 'delete')];
  },
  'DELETE /api/companies/:id': async () => {
    const company = await companyOf();
    await ctx.admin.ok('DELETE', `/api/companies/${company}`);
    return [admin('company', company, 'delete')];
  },
  'POST /api/companies/:id/notes': async () => {
    await ctx.admin.ok('POST', `/api/companies/${seed.companyId}/notes`, { body: 'Route company note' });
    return [admin('company', seed.companyId)];
  },

  'PUT /api/variants/:id/tiers': async () => {
    const target = await product();
    const [variant] = await query('select id from product_variants where product_id = $1', [target]);
    await ctx.admin.ok('PUT', `/api/variants/${variant.id}/tiers`, { tiers: [{ min_quantity: 10, mrp: 4 }] });
    return [admin('product', target)];
  },
  'POST /api/price-lists': async () => {
    const made = await ctx.admin.ok('POST', '/api/price-lists', {
      name: `Route list ${next()}`,
      type: 'percent',
      percent: 5,
      company_ids: [seed.companyId],
    });
    return [admin('price_list', id(made), 'create')];
  },
  'PATCH /api/price-lists/:id': async () => {
    const list = id(
      await ctx.admin.ok('POST', '/api/price-lists', { name: `Route list ${next()}`, type: 'fixed' }),
    );
    await ctx.admin.ok('PATCH', `/api/price-lists/${list}`, {
      active: false,
      customer_ids: [seed.customerId],
    });
    return [admin('price_list', list, 'update')];
  },
  'DELETE /api/price-lists/:id': async () => {
    const list = id(
      await ctx.admin.ok('POST', '/api/price-lists', { name: `Route list ${next()}`, type: 'fixed' }),
    );
    await ctx.admin.ok('DELETE', `/api/price-lists/${list}`);
    return [admin('price_list', list, 'delete')];
  },
  'PUT /api/price-lists/:id/prices': async () => {
    const list = id(
      await ctx.admin.ok('POST', '/api/price-lists', { name: `Route list ${next()}`, type: 'fixed' }),
    );
    const [variant] = await query('select id from product_variants where product_id = $1', [seed.productId]);
    await ctx.admin.ok('PUT', `/api/price-lists/${list}/prices`, {
      prices: [{ variant_id: variant.id, price: 3 }],
    });
    return [admin('price_list', list, 'update')];
  },

  'POST /api/price-lists/:id/prices/import': async () => {
    const list = id(
      await ctx.admin.ok('POST', '/api/price-lists', { name: `Route list ${next()}`, type: 'fixed' }),
    );
    const [variant] = await query('select id from product_variants where product_id = $1', [seed.productId]);
    const body = await multipart(
      { mode: 'merge' },
      {
        field: 'file',
        name: 'prices.csv',
        type: 'text/csv',
        bytes: Buffer.from(`variant_id,price\n${variant.id},4\n`),
      },
    );
    const res = await ctx.admin.post(`/api/price-lists/${list}/prices/import`, body.payload, {
      headers: { ...body.headers },
    });
    expect(res.statusCode, res.body).toBe(200);
    return [admin('price_list', list, 'update')];
  },
  'DELETE /api/price-lists/:id/prices/:variantId': async () => {
    const list = id(
      await ctx.admin.ok('POST', '/api/price-lists', { name: `Route list ${next()}`, type: 'fixed' }),
    );
    const [variant] = await query('select id from product_variants where product_id = $1', [seed.productId]);
    await ctx.admin.ok('PUT', `/api/price-lists/${list}/prices`, {
      prices: [{ variant_id: variant.id, price: 3 }],
    });
    await ctx.admin.ok('DELETE', `/api/price-lists/${list}/prices/${variant.id}`);
    return [admin('price_list', list, 'update')];
  },

  'POST /api/history/:id/restore': async () => {
    const target = await product();
    await ctx.admin.ok('PUT', `/api/products/${target}`, { name: 'Route restored', pricing: { mrp: 6 } });
    const [entry] = await query(
      `select id from change_log where entity_type = 'product' and entity_id = $1 order by id desc limit 1`,
      [target],
    );
    await ctx.admin.ok('POST', `/api/history/${entry.id}/restore`);
    return [admin('product', target, 'restore')];
  },

  'POST /api/trash/:type/:id/restore': async () => {
    const doomed = await product();
    await ctx.admin.ok('DELETE', `/api/products/${doomed}`);
    await ctx.admin.ok('POST', `/api/trash/product/${doomed}/restore`);
    return [admin('product', doomed, 'restore')];
  },
  'DELETE /api/trash/:type/:id': async () => {
    const doomed = await product();
    await ctx.admin.ok('DELETE', `/api/products/${doomed}`);
    await ctx.admin.ok('DELETE', `/api/trash/product/${doomed}`);
    return [admin('product', doomed, 'purge')];
  },
  'DELETE /api/trash': async () => {
    const doomed = await product();
    await ctx.admin.ok('DELETE', `/api/products/${doomed}`);
    await ctx.admin.ok('DELETE', '/api/trash?entity_type=product');
    return [admin('product', doomed, 'purge')];
  },

  // Last: it ends the editor's sessions.
  'PUT /api/me/password': async () => {
    await ctx
      .as(seed.editorToken)
      .ok('PUT', '/api/me/password', { current_password: 'secret-pass', new_password: 'secret-pass-2' });
    return [{ entity_type: 'user', entity_id: seed.editorId, action: 'update', actor_id: seed.editorId }];
  },
};

/** Write routes that change no logged entity, and why. */
const EXEMPT: Record<string, string> = {
  'POST /api/pricing': 'a read with its lines in the body: it prices them and writes nothing',
  'POST /api/auth/login': 'signing in changes no entity (the throttle counts outside the database)',
  'POST /api/auth/logout': 'signing out revokes the token in the revoked-tokens table alone',
  'POST /api/auth/logout-all':
    "signing out everywhere bumps the user's token_version, which the log leaves out as bookkeeping",
  'POST /api/imports':
    'the upload only stores the file and queues a job; the job logs its rows and its batch entry (batch.test.ts)',
  'PATCH /api/orders/:id':
    "an order's moves are its own history (order_events: who, when, from, to, the reason), read with the order; orders are no change-log entity",
  'POST /api/orders/:id/step-back':
    "a step back is a move in the order's own history (order_events, with its reason and who); orders are no change-log entity",
  'POST /api/orders/:id/notes':
    "an order's notes are rows of their own with their author and time; orders are no change-log entity",
  'PUT /api/settings/quote-approval':
    'the approval thresholds are one settings row, not a logged entity; each quote they stop is judged when it is read and sent',
  'PUT /api/orders/settings':
    "the acceptance form's required fields are one settings row, not a logged entity; the setting itself says what is required now",
  'POST /api/quote-templates':
    "a template is the staff's own starting point, kept apart from the quotes it starts (each draft made from one is logged as the quote's create)",
  'DELETE /api/quote-templates/:id':
    'a template is no logged entity (see POST /api/quote-templates); quotes started from it keep their own entries',
  'POST /api/outbox/:id/retry':
    "a retry reschedules a message's delivery, which the outbox itself records (attempts, status, next try); the outbox is no logged entity",
  'POST /api/webhooks':
    "a webhook endpoint is integration settings, no catalogue or desk entity; its own row keeps when it was made and changed, and the app's log the admin",
  'PATCH /api/webhooks/:id':
    'a webhook endpoint is no logged entity (see POST /api/webhooks); updated_at says when',
  'DELETE /api/webhooks/:id':
    'a webhook endpoint is no logged entity (see POST /api/webhooks); it goes with its delivery log',
  'POST /api/webhooks/:id/roll-secret':
    'a secret is never logged anywhere; the endpoint keeps until when its old one is valid',
  'POST /api/webhooks/:id/test':
    'a test event changes nothing: its delivery and every attempt are in the delivery log',
  'POST /api/webhook-deliveries/:id/redeliver':
    'a redelivery changes nothing: it is a new delivery of the same event, in the delivery log',
  'POST /api/account/login-link':
    "a buyer's sign-in link is a credential, no entity: its row (a hash) and its e-mail in the outbox are the record",
  'POST /api/account/session':
    "signing a buyer in uses their link and writes a session row (a hash), no entity's change",
  'POST /api/account/logout': "signing a buyer out deletes their session row alone, no entity's change",
};

const writeRoutes = () => [
  ...new Set(
    apiRoutes(ctx)
      .filter((r) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(r.method))
      .map((r) => `${r.method} ${r.url}`),
  ),
];

describe('every write route logs its change', () => {
  it('lists every write route of the app, as a case or an exemption', () => {
    const routes = writeRoutes();
    expect(routes.filter((r) => !CASES[r] && !EXEMPT[r])).toEqual([]);
    // Nothing listed that the app no longer has.
    expect([...Object.keys(CASES), ...Object.keys(EXEMPT)].filter((r) => !routes.includes(r))).toEqual([]);
    expect(Object.keys(CASES).filter((r) => EXEMPT[r])).toEqual([]);
  });

  for (const [route, run] of Object.entries(CASES)) {
    it(route, async () => {
      const [{ last }] = await query('select coalesce(max(id), 0)::int as last from change_log');
      const expected = await run();
      const written = await query(
        'select entity_type, entity_id, action, actor_id from change_log where id > $1 order by id',
        [last],
      );
      for (const want of expected) {
        const actions = [want.action].flat();
        const found = written.find(
          (w) =>
            w.entity_type === want.entity_type &&
            w.entity_id === want.entity_id &&
            actions.includes(w.action) &&
            w.actor_id === want.actor_id,
        );
        expect(
          found,
          `${route} wrote ${JSON.stringify(written)}; wanted ${JSON.stringify(want)}`,
        ).toBeTruthy();
      }
    });
  }
});
