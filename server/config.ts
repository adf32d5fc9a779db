import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/**
 * Environment → one validated config object (DESIGN.md §6). Anything wrong stops the process at
 * start with a message naming the variable, instead of failing on the first request.
 */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, { error: 'must start with postgres:// or postgresql://' })
    .optional(),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(100).default(10),
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().min(6, { error: 'must be at least 6 characters' }).optional(),
  JWT_SECRET: z.string().min(32, { error: 'must be at least 32 characters' }).optional(),
  TOKEN_TTL_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 90)
    .default(12),
  CURRENCY: z
    .string()
    .regex(/^[A-Z]{3}$/, { error: 'must be an ISO 4217 code such as USD' })
    .default('USD'),
  REDIS_URL: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOGIN_MAX_FAILURES_PER_EMAIL: z.coerce.number().int().positive().default(10),
  LOGIN_MAX_FAILURES_PER_ADDRESS: z.coerce.number().int().positive().default(50),
  LOGIN_WINDOW_MINUTES: z.coerce.number().positive().default(15),
  INQUIRY_RATE_MAX: z.coerce.number().int().positive().default(10),
  INQUIRY_RATE_WINDOW_MINUTES: z.coerce.number().positive().default(10),
  BUNDLE_CACHE_ENTRIES: z.coerce.number().int().min(0).default(5000),
  // 'true' trusts the one proxy that connects to us (the client is the address it appended last),
  // not the whole X-Forwarded-For chain, whose first entries the client writes itself. A number
  // trusts that many hops; a list names the proxies' addresses or subnets.
  TRUST_PROXY: z
    .string()
    .trim()
    .min(1)
    .default('false')
    .transform((v): false | number | string =>
      v === 'false' ? false : v === 'true' ? 1 : /^\d+$/.test(v) ? Number(v) : v,
    ),
});

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Connections the server keeps to PostgreSQL (embedded PGlite has one session). */
  databasePoolMax: number;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  jwtSecret: string | undefined;
  tokenTtlSeconds: number;
  currency: string;
  redisUrl: string | undefined;
  logLevel: string;
  /** Fastify's trustProxy: false, a hop count, or the proxies' addresses. */
  trustProxy: false | number | string;
  loginThrottle: { maxPerEmail: number; maxPerAddress: number; windowMs: number };
  inquiryRateLimit: { max: number; windowMs: number };
  /** Public product bundles kept in memory per process; 0 turns the cache off. */
  bundleCacheEntries: number;
};

/** Reads ./.env when present (real environment variables win), as .env.example describes. */
export function loadDotEnv(file = '.env') {
  if (existsSync(file)) process.loadEnvFile(file);
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // Empty strings in .env files mean "unset", not "invalid".
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.ADMIN_EMAIL && !e.ADMIN_PASSWORD)
    throw new Error('Invalid configuration:\n  ADMIN_PASSWORD: required with ADMIN_EMAIL');
  const dataDir = path.resolve(e.DATA_DIR);
  if (!existsSync(dataDir)) mkdirSync(dataDir, { recursive: true });
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    databasePoolMax: e.DATABASE_POOL_MAX,
    adminEmail: e.ADMIN_EMAIL?.toLowerCase(),
    adminPassword: e.ADMIN_PASSWORD,
    jwtSecret: e.JWT_SECRET,
    tokenTtlSeconds: Math.round(e.TOKEN_TTL_HOURS * 3600),
    currency: e.CURRENCY,
    redisUrl: e.REDIS_URL,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    loginThrottle: {
      maxPerEmail: e.LOGIN_MAX_FAILURES_PER_EMAIL,
      maxPerAddress: e.LOGIN_MAX_FAILURES_PER_ADDRESS,
      windowMs: Math.round(e.LOGIN_WINDOW_MINUTES * 60_000),
    },
    inquiryRateLimit: {
      max: e.INQUIRY_RATE_MAX,
      windowMs: Math.round(e.INQUIRY_RATE_WINDOW_MINUTES * 60_000),
    },
    bundleCacheEntries: e.BUNDLE_CACHE_ENTRIES,
  };
}
