import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness';

let euro: TestContext;
let standard: TestContext;
beforeAll(async () => {
  euro = await createTestContext({ CURRENCY: 'EUR', TIMEZONE: 'Pacific/Auckland' });
  standard = await createTestContext();
});
afterAll(async () => {
  await euro.close();
  await standard.close();
});

describe('GET /api/public/settings', () => {
  it('answers the configured currency and time zone, without a sign-in', async () => {
    const res = await euro.as().get('/api/public/settings');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ currency: 'EUR', time_zone: 'Pacific/Auckland' });
  });

  it('answers USD and UTC when CURRENCY and TIMEZONE are not set', async () => {
    const res = await standard.as().get('/api/public/settings');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ currency: 'USD', time_zone: 'UTC' });
  });
});
