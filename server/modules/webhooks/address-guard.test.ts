import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEBHOOK_TEXT } from '#domain/webhooks';
import { createTestContext, type TestContext } from '../../test/harness';
import { type Receiver, startReceiver } from '../../test/webhook-receiver';
import { isBlockedAddress } from './address-guard';
import { postWebhook } from './post';

/** Without WEBHOOK_ALLOW_PRIVATE, private addresses are refused when saved and when sent. */
let ctx: TestContext;
let receiver: Receiver;
beforeAll(async () => {
  receiver = await startReceiver();
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
  await receiver?.close();
});

describe('webhook address guard', () => {
  it('blocks loopback, private, link-local, metadata and reserved addresses, v4 and v6', () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.20.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.100.100.200',
      '0.0.0.0',
      '::1',
      '::',
      'fe80::1',
      'fd00:ec2::254',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
      'not an address',
    ])
      expect(isBlockedAddress(address), address).toBe(true);
    for (const address of ['93.184.215.14', '8.8.8.8', '2606:4700:4700::1111'])
      expect(isBlockedAddress(address), address).toBe(false);
  });

  it('blocks an IPv6 address that embeds a blocked IPv4 one, as the IPv4 address itself', () => {
    // 127.0.0.1 is 7f00:0001, 10.0.0.1 is 0a00:0001, 169.254.169.254 is a9fe:a9fe; Teredo keeps the
    // client's address inverted in the last 32 bits (80ff:fffe is 127.0.0.1 xor ffff:ffff).
    for (const address of [
      '::127.0.0.1',
      '::7f00:1',
      '::10.0.0.1',
      '::169.254.169.254',
      '::ffff:0:127.0.0.1',
      '::ffff:0:192.168.1.1',
      '2002:7f00:1::',
      '2002:a00:1:1::1',
      '2002:a9fe:a9fe::1',
      '2001:0:4136:e378:8000:63bf:80ff:fffe',
      '2001:0:4136:e378::f5ff:fffe',
      '2001:0:4136:e378:8000:63bf:5601:5601',
    ])
      expect(isBlockedAddress(address), address).toBe(true);
    // The same forms around a public address are let through, like the address itself.
    for (const address of [
      '::8.8.8.8',
      '::ffff:0:8.8.8.8',
      '2002:808:808::1',
      '2001:0:4136:e378:8000:63bf:f7f7:f7f7',
    ])
      expect(isBlockedAddress(address), address).toBe(false);
  });

  it('refuses such URLs when saved, and plain http, and saves nothing', async () => {
    const admin = ctx.as(ctx.adminToken);
    for (const [url, message] of [
      ['http://example.com/hooks', WEBHOOK_TEXT.urlNotHttps],
      [receiver.url, WEBHOOK_TEXT.urlNotHttps],
      ['https://127.0.0.1/hooks', WEBHOOK_TEXT.urlPrivate],
      ['https://localhost:8443/hooks', WEBHOOK_TEXT.urlPrivate],
      ['https://10.0.0.5/hooks', WEBHOOK_TEXT.urlPrivate],
      ['https://169.254.169.254/latest/meta-data', WEBHOOK_TEXT.urlPrivate],
      ['https://[::1]/hooks', WEBHOOK_TEXT.urlPrivate],
      ['https://[::ffff:127.0.0.1]/hooks', WEBHOOK_TEXT.urlPrivate],
      ['https://[::127.0.0.1]/hooks', WEBHOOK_TEXT.urlPrivate],
      ['https://[::ffff:0:10.0.0.5]/hooks', WEBHOOK_TEXT.urlPrivate],
      ['https://[2002:a9fe:a9fe::1]/latest/meta-data', WEBHOOK_TEXT.urlPrivate],
      ['https://[2001:0:4136:e378:8000:63bf:80ff:fffe]/hooks', WEBHOOK_TEXT.urlPrivate],
      ['https://name.invalid/hooks', WEBHOOK_TEXT.urlUnresolved],
    ]) {
      const res = await admin.post('/api/webhooks', { url, events: ['product.created'], enabled: true });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error ?? res.json().message, url).toContain(message);
    }
    expect((await admin.get('/api/webhooks')).json().data).toEqual([]);
  });

  it('refuses them when sent: a name resolving to loopback is refused at connect time', async () => {
    const refused = await postWebhook(
      `https://localhost:${receiver.port}/hooks`,
      '{}',
      {},
      { allowPrivate: false },
    );
    expect(refused).toMatchObject({ ok: false, status_code: null });
    expect(refused.error).toMatch(/localhost resolves to (127\.0\.0\.1|::1), a private/);
    const literal = await postWebhook(
      `https://127.0.0.1:${receiver.port}/hooks`,
      '{}',
      {},
      { allowPrivate: false },
    );
    expect(literal.error).toContain('127.0.0.1');
    const plain = await postWebhook(receiver.url, '{}', {}, { allowPrivate: false });
    expect(plain.error).toBe(WEBHOOK_TEXT.urlNotHttps);
    expect(receiver.received).toEqual([]);
    // With the setting the same receiver is reached.
    expect(await postWebhook(receiver.url, '{}', {}, { allowPrivate: true })).toMatchObject({
      ok: true,
      status_code: 200,
    });
  });

  it('gives up an attempt that has no answer within the timeout', async () => {
    receiver.answerWith(() => 'hang');
    const result = await postWebhook(receiver.url, '{}', {}, { allowPrivate: true, timeoutMs: 300 });
    expect(result).toMatchObject({ ok: false, status_code: null, error: WEBHOOK_TEXT.timedOut });
    expect(result.duration_ms).toBeGreaterThanOrEqual(290);
  });
});
