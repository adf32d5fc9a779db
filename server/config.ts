import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { ACCOUNT_LIMITS } from '#domain/account';
import { API_TOKEN_LIMITS } from '#domain/api-tokens';
import { HISTORY_LIMITS } from '#domain/history';
import { QUOTE_LIMITS } from '#domain/quotes';
import { CURRENCY_CODE, DEFAULT_CURRENCY } from '#domain/settings';
import { isTimeZone } from '#domain/time-zone';
import { LOCALE_CODE, TRANSLATION_LIMITS } from '#domain/translations';
import { WEBHOOK_LIMITS } from '#domain/webhooks';
import { privateDataDir } from './data-dir';
import { type CompanyLogo, readCompanyLogo } from './modules/quotes/logo';

/**
 * Environment → one validated config object (README "Configuration"). Anything wrong stops the process at
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
    .regex(CURRENCY_CODE, { error: 'must be an ISO 4217 code such as USD' })
    .default(DEFAULT_CURRENCY),
  PUBLIC_URL: z
    .url({ protocol: /^https?$/, error: 'must be an absolute http(s) URL such as https://shop.example.com' })
    .refine((v) => URL.canParse(v) && /^[^/]+\/\/[^/?#]+\/?$/.test(v), {
      error: 'must be an origin only (scheme, host and port), such as https://shop.example.com',
    })
    .optional(),
  COMPANY_NAME: z
    .string()
    .trim()
    .min(1)
    .max(100, { error: 'must be at most 100 characters' })
    .default('Stockroom'),
  COMPANY_ADDRESS: z.string().trim().min(1).max(300, { error: 'must be at most 300 characters' }).optional(),
  COMPANY_EMAIL: z.email({ error: 'must be an e-mail address' }).optional(),
  COMPANY_PHONE: z
    .string()
    .trim()
    .regex(/^[+(0-9][0-9 ()./-]{2,39}$/, { error: 'must be a phone number such as +1 555 010 0199' })
    .optional(),
  COMPANY_LOGO_FILE: z.string().min(1).optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^/?#]+/, {
      error: 'must be an SMTP URL such as smtp://user:pass@host:587 or smtps://…',
    })
    .refine((v) => URL.canParse(v), { error: 'must be an SMTP URL such as smtp://user:pass@host:587' })
    .optional(),
  MAIL_FROM: z
    .string()
    .trim()
    .max(320, { error: 'must be at most 320 characters' })
    .regex(/^[^\r\n]*@[^\r\n]*$/, { error: 'must be an address, such as "Stockroom" <no-reply@example.com>' })
    .optional(),
  NOTIFY_EMAIL: z.email({ error: 'must be an e-mail address' }).optional(),
  REDIS_URL: z.string().optional(),
  REDIS_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9:_.-]{1,64}$/, { error: 'must be 1-64 letters, digits or : _ . -' })
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOGIN_MAX_FAILURES_PER_PAIR: z.coerce.number().int().positive().default(10),
  LOGIN_MAX_FAILURES_PER_EMAIL: z.coerce.number().int().positive().default(100),
  LOGIN_MAX_FAILURES_PER_ADDRESS: z.coerce.number().int().positive().default(50),
  LOGIN_WINDOW_MINUTES: z.coerce.number().positive().default(15),
  PASSWORD_CHANGE_MAX_FAILURES: z.coerce.number().int().positive().default(10),
  REQUEST_TIMEOUT_SECONDS: z.coerce.number().positive().max(3600).default(20),
  HEADERS_TIMEOUT_SECONDS: z.coerce.number().positive().max(600).default(10),
  KEEP_ALIVE_TIMEOUT_SECONDS: z.coerce.number().positive().max(3600).default(72),
  MAX_CONNECTIONS: z.coerce.number().int().min(1).default(2048),
  IMAGE_STORE: z.enum(['disk', 's3']).default('disk'),
  S3_ENDPOINT: z.url({ error: 'must be a URL such as http://127.0.0.1:9000' }).optional(),
  S3_BUCKET: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).default('false'),
  IMAGE_PUBLIC_BASE_URL: z
    .url({ error: 'must be an absolute URL such as https://cdn.example.com/images' })
    .optional(),
  INQUIRY_RATE_MAX: z.coerce.number().int().positive().default(10),
  INQUIRY_RATE_WINDOW_MINUTES: z.coerce.number().positive().default(10),
  QUOTE_PAGE_RATE_MAX: z.coerce.number().int().positive().default(60),
  /** The buyer portal's sign-in links: per e-mail address and per client address, in 15 minutes. */
  ACCOUNT_LINK_EMAIL_MAX: z.coerce.number().int().positive().default(ACCOUNT_LIMITS.linksPerEmail),
  ACCOUNT_LINK_RATE_MAX: z.coerce.number().int().positive().default(ACCOUNT_LIMITS.linksPerAddress),
  API_TOKEN_RATE: z.coerce.number().int().positive().default(API_TOKEN_LIMITS.defaultRatePerMinute),
  BUNDLE_CACHE_ENTRIES: z.coerce.number().int().min(0).default(5000),
  SEARCH_CACHE_ENTRIES: z.coerce.number().int().min(0).default(2000),
  HISTORY_RETENTION_DAYS: z.coerce.number().int().positive().default(HISTORY_LIMITS.retentionDays),
  // The shop's languages, the default first (ADR 0034): `en` alone is one language, as before.
  LOCALES: z
    .string()
    .default('en')
    .transform((v) => v.split(',').map((l) => l.trim()))
    .refine((list) => list.every((l) => LOCALE_CODE.test(l)), {
      error: 'must be language codes separated by commas, the default first, such as en,de,fr or en,pt-BR',
    })
    .refine((list) => new Set(list.map((l) => l.toLowerCase())).size === list.length, {
      error: 'must name each language once',
    })
    .refine((list) => list.length <= TRANSLATION_LIMITS.locales, {
      error: `must name at most ${TRANSLATION_LIMITS.locales} languages`,
    }),
  // Scheduled backups (ADR 0024): off unless an interval such as 1d, 12h or 30m is given.
  BACKUP_EVERY: z
    .string()
    .trim()
    .regex(/^(off|[1-9]\d{0,4}[mhd])$/, { error: 'must be an interval such as 1d, 12h or 30m, or off' })
    .default('off'),
  BACKUP_KEEP: z.coerce
    .number({ error: 'must be a whole number of backups' })
    .int({ error: 'must be a whole number of backups' })
    .min(1, { error: 'must keep at least 1 backup' })
    .max(1000, { error: 'must be at most 1000' })
    .default(7),
  // The seller's time zone: a quote is valid through the end of its valid_until day there, the
  // days staff filter lists by and the dashboard's month are its calendar days.
  TIMEZONE: z
    .string()
    .trim()
    .default('UTC')
    .refine(isTimeZone, { error: 'must be an IANA time zone, such as Europe/Berlin or UTC' }),
  QUOTE_REMINDER_DAYS: z.coerce
    .number({ error: 'must be a whole number of days' })
    .int({ error: 'must be a whole number of days' })
    .min(0, { error: 'must be 0 (no reminder) or more days' })
    .max(365, { error: 'must be at most 365 days' })
    .default(QUOTE_LIMITS.reminderDays),
  WEBHOOK_RETRY_BASE_SECONDS: z.coerce
    .number({ error: 'must be a number of seconds' })
    .positive({ error: 'must be more than 0 seconds' })
    .max(3600, { error: 'must be at most 3600 seconds' })
    .default(30),
  WEBHOOK_RETENTION_DAYS: z.coerce.number().int().positive().default(WEBHOOK_LIMITS.retentionDays),
  // Local development and tests: receivers on loopback or a private network, over plain http.
  WEBHOOK_ALLOW_PRIVATE: z.enum(['0', '1', 'true', 'false'], { error: 'must be 1 or 0' }).default('0'),
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
  /** The shop's languages (LOCALES): the first is the default, edited on the items themselves. */
  locales: { default: string; all: readonly string[] };
  /** The shop's absolute origin, without a trailing slash: canonical URLs, the sitemap, og:image. */
  publicUrl: string;
  /** The business's name in the shop's titles, header and structured data. */
  companyName: string;
  /** The business as its customers see it on a quote (its page and PDF): contact and logo. */
  company: CompanyDetails;
  mail: MailConfig;
  redisUrl: string | undefined;
  /** Put before every Redis key, so deployments sharing one Redis never share a counter. */
  redisPrefix: string;
  logLevel: string;
  /** Fastify's trustProxy: false, a hop count, or the proxies' addresses. */
  trustProxy: false | number | string;
  loginThrottle: { maxPerPair: number; maxPerEmail: number; maxPerAddress: number; windowMs: number };
  /** Wrong current passwords allowed per user within the window. */
  passwordChangeThrottle: { max: number; windowMs: number };
  /** Slow-client limits of the HTTP server, in milliseconds, and its connection cap. */
  http: {
    requestTimeoutMs: number;
    headersTimeoutMs: number;
    keepAliveTimeoutMs: number;
    maxConnections: number;
  };
  imageStore: ImageStoreConfig;
  inquiryRateLimit: { max: number; windowMs: number };
  /** The customer's quote page (reads and answers) per client address, in the same window. */
  quotePageRateLimit: { max: number; windowMs: number };
  /** Sign-in links of the buyer portal, per e-mail address and per client address, in one window. */
  accountLinkLimit: { maxPerEmail: number; maxPerAddress: number; windowMs: number };
  /** Requests each API token may make per minute (API_TOKEN_RATE). */
  apiTokenRatePerMinute: number;
  /** Public product bundles kept in memory per process; 0 turns the cache off. */
  bundleCacheEntries: number;
  /**
   * Shop catalogue pages, and staff product searches' pages, kept in memory per process; 0 turns
   * both off.
   */
  searchCacheEntries: number;
  /** Change-log entries older than this many days are pruned by the scheduled housekeeping. */
  historyRetentionDays: number;
  /** The seller's IANA time zone: a quote is valid through the end of its valid_until day there. */
  timeZone: string;
  /** Days before a quote expires that its customer is reminded; 0 sends no reminder. */
  quoteReminderDays: number;
  webhooks: WebhooksConfig;
  /** Scheduled backups into DATA_DIR/backups: every so many seconds (null: off), keeping the newest `keep`. */
  backup: { everySeconds: number | null; keep: number };
};

type WebhooksConfig = {
  /** The wait before a failed delivery's first retry; each later one doubles it. */
  retryBaseSeconds: number;
  /** Endpoints on loopback, private or link-local addresses, and plain http, are allowed. */
  allowPrivate: boolean;
  /** Events (with their deliveries) older than this many days are pruned, unless still pending. */
  retentionDays: number;
};

type MailConfig = {
  /** Where messages go out (smtp:// or smtps://); unset, they are kept in the outbox only. */
  smtpUrl: string | undefined;
  /** The From header of every message. */
  from: string;
  /** Where staff notifications about a request nobody owns are sent (optional). */
  notifyEmail: string | undefined;
};

export type CompanyDetails = {
  address: string | undefined;
  email: string | undefined;
  phone: string | undefined;
  logo: CompanyLogo | undefined;
};

export type ImageStoreConfig =
  | { kind: 'disk' }
  | {
      kind: 's3';
      endpoint: string | undefined;
      bucket: string;
      region: string;
      accessKeyId: string | undefined;
      secretAccessKey: string | undefined;
      forcePathStyle: boolean;
      /** Where browsers fetch images from; unset, the API proxies them at /uploads/. */
      publicBaseUrl: string | undefined;
    };

/**
 * The default Redis prefix: a hash of the database's identity (host, port and name, or the
 * embedded database's folder), never of its password, so two deployments on one Redis never
 * share a counter while every process of one deployment does.
 */
export function defaultRedisPrefix(databaseUrl: string | undefined, dataDir: string): string {
  let identity = `pglite:${path.resolve(dataDir)}`;
  if (databaseUrl) {
    const url = new URL(databaseUrl);
    identity = `postgres:${url.hostname}:${url.port || '5432'}${url.pathname}`;
  }
  return `stockroom:${createHash('sha256').update(identity).digest('hex').slice(0, 12)}:`;
}

const UNIT_SECONDS = { m: 60, h: 3600, d: 86_400 } as const;
const intervalSeconds = (v: string): number | null =>
  v === 'off' ? null : Number(v.slice(0, -1)) * UNIT_SECONDS[v.slice(-1) as keyof typeof UNIT_SECONDS];

/** Reads ./.env when present (real environment variables win), as .env.example describes. */
export function loadDotEnv(file = '.env') {
  if (existsSync(file)) process.loadEnvFile(file);
}

function readLogo(file: string) {
  try {
    return readCompanyLogo(file);
  } catch (err) {
    throw new Error(`Invalid configuration:\n  COMPANY_LOGO_FILE: ${(err as Error).message}`);
  }
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
  if (e.IMAGE_STORE === 's3' && !e.S3_BUCKET)
    throw new Error('Invalid configuration:\n  S3_BUCKET: required with IMAGE_STORE=s3');
  const dataDir = path.resolve(e.DATA_DIR);
  privateDataDir(dataDir);
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
    locales: { default: e.LOCALES[0], all: e.LOCALES },
    publicUrl: (e.PUBLIC_URL ?? `http://${e.HOST.includes(':') ? `[${e.HOST}]` : e.HOST}:${e.PORT}`).replace(
      /\/+$/,
      '',
    ),
    companyName: e.COMPANY_NAME,
    company: {
      // Written with \n in .env (or real newlines), the address keeps its lines.
      address: e.COMPANY_ADDRESS?.replace(/\\n/g, '\n'),
      email: e.COMPANY_EMAIL?.toLowerCase(),
      phone: e.COMPANY_PHONE,
      logo: e.COMPANY_LOGO_FILE ? readLogo(path.resolve(e.COMPANY_LOGO_FILE)) : undefined,
    },
    mail: {
      smtpUrl: e.SMTP_URL,
      // The company's name as a quoted display name: quotes and backslashes escaped.
      from: e.MAIL_FROM ?? `"${e.COMPANY_NAME.replace(/["\\]/g, '\\$&')}" <no-reply@localhost>`,
      notifyEmail: e.NOTIFY_EMAIL?.toLowerCase(),
    },
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX ?? defaultRedisPrefix(e.DATABASE_URL, dataDir),
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    loginThrottle: {
      maxPerPair: e.LOGIN_MAX_FAILURES_PER_PAIR,
      maxPerEmail: e.LOGIN_MAX_FAILURES_PER_EMAIL,
      maxPerAddress: e.LOGIN_MAX_FAILURES_PER_ADDRESS,
      windowMs: Math.round(e.LOGIN_WINDOW_MINUTES * 60_000),
    },
    inquiryRateLimit: {
      max: e.INQUIRY_RATE_MAX,
      windowMs: Math.round(e.INQUIRY_RATE_WINDOW_MINUTES * 60_000),
    },
    quotePageRateLimit: {
      max: e.QUOTE_PAGE_RATE_MAX,
      windowMs: Math.round(e.INQUIRY_RATE_WINDOW_MINUTES * 60_000),
    },
    accountLinkLimit: {
      maxPerEmail: e.ACCOUNT_LINK_EMAIL_MAX,
      maxPerAddress: e.ACCOUNT_LINK_RATE_MAX,
      windowMs: ACCOUNT_LIMITS.linkWindowMinutes * 60_000,
    },
    apiTokenRatePerMinute: e.API_TOKEN_RATE,
    bundleCacheEntries: e.BUNDLE_CACHE_ENTRIES,
    searchCacheEntries: e.SEARCH_CACHE_ENTRIES,
    historyRetentionDays: e.HISTORY_RETENTION_DAYS,
    timeZone: e.TIMEZONE,
    quoteReminderDays: e.QUOTE_REMINDER_DAYS,
    backup: { everySeconds: intervalSeconds(e.BACKUP_EVERY), keep: e.BACKUP_KEEP },
    webhooks: {
      retryBaseSeconds: e.WEBHOOK_RETRY_BASE_SECONDS,
      allowPrivate: e.WEBHOOK_ALLOW_PRIVATE === '1' || e.WEBHOOK_ALLOW_PRIVATE === 'true',
      retentionDays: e.WEBHOOK_RETENTION_DAYS,
    },
    passwordChangeThrottle: {
      max: e.PASSWORD_CHANGE_MAX_FAILURES,
      windowMs: Math.round(e.LOGIN_WINDOW_MINUTES * 60_000),
    },
    http: {
      requestTimeoutMs: Math.round(e.REQUEST_TIMEOUT_SECONDS * 1000),
      headersTimeoutMs: Math.round(e.HEADERS_TIMEOUT_SECONDS * 1000),
      keepAliveTimeoutMs: Math.round(e.KEEP_ALIVE_TIMEOUT_SECONDS * 1000),
      maxConnections: e.MAX_CONNECTIONS,
    },
    imageStore:
      e.IMAGE_STORE === 's3'
        ? {
            kind: 's3',
            endpoint: e.S3_ENDPOINT,
            bucket: e.S3_BUCKET as string,
            region: e.S3_REGION,
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
            forcePathStyle: e.S3_FORCE_PATH_STYLE === 'true',
            publicBaseUrl: e.IMAGE_PUBLIC_BASE_URL?.replace(/\/+$/, ''),
          }
        : { kind: 'disk' },
  };
}
