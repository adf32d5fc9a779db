import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness';

let euro: TestContext;
let standard: TestContext;
beforeAll(async () => {
  euro = await createTestContext({ CURRENCY: 'EUR' });
  standard = await createTestContext();
});
afterAll(async () => {
  await euro.close();
  await standard.close();
});

describe('GET /api/public/settings', () => {
  it('answers the configured currency, without a sign-in', async () => {
    const res = await euro.as().get('/api/public/settings');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ currency: 'EUR' });
  });

  it('answers USD when CURRENCY is not set', async () => {
    const res = await standard.as().get('/api/public/settings');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ currency: 'USD' });
  });
});
