/**
 * The server the browser tests run against (started by scripts/e2e-server.mjs, which reads the
 * same E2E_PORT). Another port lets two runs share a machine.
 */
const port = Number(process.env.E2E_PORT ?? 3210);

export const E2E = {
  port,
  baseURL: `http://127.0.0.1:${port}`,
  admin: { name: 'Administrator', email: 'admin@e2e.test', password: 'e2e-admin-pass' },
  /** A quote sent long ago, past its date, seeded before the server starts (server/cli/e2e-seed.ts). */
  expiredQuote: {
    token: 'e2eExpiredQuoteToken00000000000',
    customer: 'Lou Late',
    subject: 'Racking for the new hall',
    validUntil: '2026-01-20',
  },
} as const;
