/**
 * The server the browser tests run against (started by scripts/e2e-server.mjs, which reads the
 * same E2E_PORT). Another port lets two runs share a machine.
 */
const port = Number(process.env.E2E_PORT ?? 3210);

export const E2E = {
  port,
  baseURL: `http://127.0.0.1:${port}`,
  admin: { name: 'Administrator', email: 'admin@e2e.test', password: 'e2e-admin-pass' },
} as const;
