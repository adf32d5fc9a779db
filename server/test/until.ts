type Truthy<T> = Exclude<T, undefined | null | false | 0 | ''>;

/**
 * Reads until the answer is truthy and resolves to it: for work the app does in the background
 * (a queued job, an e-mail on its way). Fails after `ms` naming `what` it waited for.
 */
export async function until<T>(
  read: () => T | Promise<T>,
  { ms = 15_000, every = 25, what = 'the condition' }: { ms?: number; every?: number; what?: string } = {},
): Promise<Truthy<T>> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (value) return value as Truthy<T>;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, every));
  }
}
