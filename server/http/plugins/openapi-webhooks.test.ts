import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEBHOOK_EVENTS } from '#domain/webhooks';
import { createTestContext, type TestContext } from '../../test/harness';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('OpenAPI webhooks', () => {
  it("lists every event with its payload's schema", async () => {
    const doc = (await ctx.as().get('/api/docs/json')).json();
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.webhooks).sort()).toEqual([...WEBHOOK_EVENTS].sort());
    for (const type of WEBHOOK_EVENTS) {
      const ref: string = doc.webhooks[type].post.requestBody.content['application/json'].schema.$ref;
      const schema = doc.components.schemas[ref.replace('#/components/schemas/', '')];
      expect(schema.properties.type.const ?? schema.properties.type.enum?.[0], type).toBe(type);
      expect(schema.required).toEqual(['id', 'type', 'created_at', 'data']);
      expect(schema.properties.data.properties.id, type).toBeDefined();
    }
    const quote = doc.components.schemas.WebhookEvent_QuoteAccepted.properties.data;
    expect(quote.properties.lines).toBeDefined();
    const order = doc.components.schemas.WebhookEvent_OrderCreated.properties.data;
    expect(order.properties.history).toBeDefined();
    const customer = doc.components.schemas.WebhookEvent_CustomerUpdated.properties.data;
    expect(customer.properties.notes).toBeDefined();
    const merged = doc.components.schemas.WebhookEvent_CustomerDeleted.properties.data;
    expect(Object.keys(merged.properties).sort()).toEqual(['email', 'id', 'merged_into_id', 'name']);
    const company = doc.components.schemas.WebhookEvent_CompanyCreated.properties.data;
    expect(company.properties.people).toBeDefined();
  });
});
