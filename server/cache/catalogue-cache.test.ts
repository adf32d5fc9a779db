import { describe, expect, it } from 'vitest';
import { createCatalogueCaches } from './catalogue-cache';

const fresh =
  <V>(value: V, expiresAt: number | null = null) =>
  async () => ({ value, expiresAt });

describe('catalogue caches', () => {
  it('keeps what it read while listening, and every cache of a group forgets at once', async () => {
    const caches = createCatalogueCaches();
    const a = caches.cache<string>(10);
    const b = caches.cache<string>(10);
    caches.onChannelEvent({ type: 'up' });
    expect(await a.get('k', fresh('a1'))).toBe('a1');
    expect(await b.get('k', fresh('b1'))).toBe('b1');
    expect(await a.get('k', fresh('a2'))).toBe('a1');
    caches.invalidate();
    expect([a.size, b.size]).toEqual([0, 0]);
    expect(await a.get('k', fresh('a2'))).toBe('a2');
    caches.onChannelEvent({ type: 'notify' });
    expect([a.size, b.size]).toEqual([0, 0]);
  });

  it('stores nothing while the LISTEN connection is down, nor with no room', async () => {
    const caches = createCatalogueCaches();
    const a = caches.cache<string>(10);
    const off = caches.cache<string>(0);
    await a.get('k', fresh('v'));
    expect(a.size).toBe(0);
    caches.onChannelEvent({ type: 'up' });
    await a.get('k', fresh('v'));
    await off.get('k', fresh('v'));
    expect([a.size, off.size]).toEqual([1, 0]);
    caches.onChannelEvent({ type: 'down' });
    expect(a.size).toBe(0);
    await a.get('k', fresh('v'));
    expect(a.size).toBe(0);
  });

  it('never stores a read that began before an invalidation', async () => {
    const caches = createCatalogueCaches();
    const a = caches.cache<string>(10);
    caches.onChannelEvent({ type: 'up' });
    let release!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const reading = a.get('k', async () => {
      await gate;
      return { value: 'old', expiresAt: null };
    });
    caches.invalidate();
    release();
    expect(await reading).toBe('old');
    expect(a.size).toBe(0);
  });

  it('gives requests for a key being read that read, unless an invalidation came since', async () => {
    const caches = createCatalogueCaches();
    const a = caches.cache<string>(10);
    caches.onChannelEvent({ type: 'up' });
    let reads = 0;
    let release!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const slow = async () => {
      reads += 1;
      const n = reads;
      await gate;
      return { value: `read ${n}`, expiresAt: null };
    };
    const first = [a.get('k', slow), a.get('k', slow), a.get('k', slow)];
    expect(reads).toBe(1);
    caches.invalidate();
    const after = a.get('k', slow);
    expect(reads).toBe(2);
    release();
    expect(await Promise.all(first)).toEqual(['read 1', 'read 1', 'read 1']);
    expect(await after).toBe('read 2');
    expect(await a.get('k', slow)).toBe('read 2');
    expect(reads).toBe(2);
  });

  it('reads again once an entry reaches the moment it goes stale', async () => {
    let t = 1000;
    const caches = createCatalogueCaches({ now: () => t });
    const a = caches.cache<string>(10);
    caches.onChannelEvent({ type: 'up' });
    await a.get('k', fresh('before', 2000));
    t = 1999;
    expect(await a.get('k', fresh('after'))).toBe('before');
    t = 2000;
    expect(await a.get('k', fresh('after'))).toBe('after');
  });
});
