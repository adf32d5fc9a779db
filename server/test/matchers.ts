import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

declare module 'vitest' {
  // biome-ignore lint/suspicious/noExplicitAny: Vitest declares Matchers with this default, and augmentations must match it
  interface Matchers<T = any> {
    /**
     * The inject response has a 2xx status. A failure names the status and the body, which says
     * why the route refused far better than the bare number would.
     */
    toSucceed: () => T;
  }
}

expect.extend({
  toSucceed(received: LightMyRequestResponse) {
    const pass = received.statusCode >= 200 && received.statusCode < 300;
    return {
      pass,
      message: () =>
        `expected status ${received.statusCode} ${pass ? 'not ' : ''}to be 2xx; body: ${received.body}`,
      actual: received.statusCode,
    };
  },
});
