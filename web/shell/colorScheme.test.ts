import { afterEach, describe, expect, it, vi } from 'vitest';
import { FORMER_STORAGE_KEYS, STORAGE_KEYS } from '#domain/constants';

const load = async () => {
  vi.resetModules();
  await import('./colorScheme');
};

describe('the colour scheme key', () => {
  afterEach(() => localStorage.clear());

  it('takes over a choice kept under the former key', async () => {
    localStorage.setItem(FORMER_STORAGE_KEYS.colorScheme, 'dark');
    await load();
    expect(localStorage.getItem(STORAGE_KEYS.colorScheme)).toBe('dark');
    expect(localStorage.getItem(FORMER_STORAGE_KEYS.colorScheme)).toBeNull();
  });

  it("never overwrites today's choice with the former one", async () => {
    localStorage.setItem(STORAGE_KEYS.colorScheme, 'light');
    localStorage.setItem(FORMER_STORAGE_KEYS.colorScheme, 'dark');
    await load();
    expect(localStorage.getItem(STORAGE_KEYS.colorScheme)).toBe('light');
    expect(localStorage.getItem(FORMER_STORAGE_KEYS.colorScheme)).toBeNull();
  });
});
