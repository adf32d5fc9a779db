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
  /**
   * A published product with a Size option (S, M, L at different prices), seeded before the
   * server starts (server/cli/e2e-seed.ts) while the variants have no screens of their own yet.
   */
  variantGloves: {
    name: 'Grip gloves',
    slug: 'grip-gloves',
    sku: 'E2E-GRIP',
    sizes: [
      { size: 'S', sku: 'E2E-GRIP-S', mrp: 5 },
      { size: 'M', sku: 'E2E-GRIP-M', mrp: 6.5 },
      { size: 'L', sku: 'E2E-GRIP-L', mrp: 8 },
    ],
  },
} as const;
