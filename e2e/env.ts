/** The server the browser tests run against (started by scripts/e2e-server.mjs). */
export const E2E = {
  port: 3210,
  baseURL: 'http://127.0.0.1:3210',
  admin: { name: 'Administrator', email: 'admin@e2e.test', password: 'e2e-admin-pass' },
} as const;
