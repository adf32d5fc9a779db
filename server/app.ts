import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyReply, type FastifyServerOptions, type onSendHookHandler } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import helmet from 'helmet';
import { IMAGE_MAX_BYTES } from '#domain/images';
import { INQUIRY_TEXT } from '#domain/inquiries';
import { API_ERROR } from '#domain/messages';
import { QUOTE_TEXT } from '#domain/quotes';
import { createAuthenticate } from './auth/hooks';
import { createSessionsService } from './auth/sessions.service';
import { createLoginThrottle, createPasswordChangeThrottle } from './auth/throttles';
import { createTokenService } from './auth/tokens';
import type { Tagged } from './cache/etag';
import type { Config } from './config';
import type { Database } from './db/client';
import { actorScopes } from './history/actor';
import { historyRoutes } from './history/history.routes';
import { createHistoryService } from './history/history.service';
import { historyRestoreRoutes } from './history/history-restore.routes';
import { pruneHistory } from './history/prune';
import { createRestoreService } from './history/restore.service';
import { registerErrorHandling } from './http/errors';
import { redactingLogger } from './http/request-log';
import { createImageStore } from './images/image-store';
import { createImagesService } from './images/images.service';
import { serveStoredImages, UPLOAD_HEADERS } from './images/serve';
import { SERVED_FILE_NAME } from './images/store';
import { createHousekeeping, type Housekeeping } from './jobs/housekeeping';
import { jobsRoutes } from './jobs/jobs.routes';
import { createJobsService } from './jobs/jobs.service';
import { createJobQueue } from './jobs/queue';
import { resilientCounterStore } from './limits/counters';
import { rateLimitPerAddress } from './limits/rate-limit';
import { createMailer, type Mailer, type SenderOptions } from './mail/mailer';
import { outboxRoutes } from './mail/outbox.routes';
import { createOutboxService } from './mail/outbox.service';
import { authRoutes } from './modules/auth/auth.routes';
import { brandsRoutes, publicBrandsRoutes } from './modules/brands/brands.routes';
import { createBrandsService } from './modules/brands/brands.service';
import { categoriesRoutes, publicCategoriesRoutes } from './modules/categories/categories.routes';
import { createCategoriesService } from './modules/categories/categories.service';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes';
import { createDashboardService } from './modules/dashboard/dashboard.service';
import { discountsRoutes } from './modules/discounts/discounts.routes';
import { createDiscountsService } from './modules/discounts/discounts.service';
import { importsRoutes } from './modules/imports/imports.routes';
import { createImportsService, IMPORT_QUEUE } from './modules/imports/imports.service';
import { inquiriesRoutes } from './modules/inquiries/inquiries.routes';
import { createInquiriesService } from './modules/inquiries/inquiries.service';
import { meRoutes } from './modules/me/me.routes';
import { CATALOGUE_CHANNEL, createBundleService } from './modules/products/bundle.service';
import { createProductBulkService } from './modules/products/product-bulk.service';
import { createProductDuplicateService } from './modules/products/product-duplicate.service';
import { createProductExportService } from './modules/products/product-export';
import { productExtrasRoutes } from './modules/products/product-extras.routes';
import { createProductImagesService } from './modules/products/product-images.service';
import { productsRoutes, publicProductsRoutes } from './modules/products/products.routes';
import { createProductsService } from './modules/products/products.service';
import { createSectionsService } from './modules/products/sections.service';
import { renderQuotePdf } from './modules/quotes/pdf';
import { quotesRoutes } from './modules/quotes/quotes.routes';
import { createQuotesService } from './modules/quotes/quotes.service';
import { settingsRoutes } from './modules/settings/settings.routes';
import { readShopAssets } from './modules/shop/assets';
import { createProductPages } from './modules/shop/product-pages';
import { shopRoutes } from './modules/shop/shop.routes';
import { createShopService } from './modules/shop/shop.service';
import { usersRoutes } from './modules/users/users.routes';
import { createUsersService } from './modules/users/users.service';
import type { RedisConnection } from './redis/connection';
import { trashRoutes } from './trash/trash.routes';
import { createTrashService } from './trash/trash.service';

export type AppDeps = {
  config: Config;
  database: Database;
  jwtSecret: Uint8Array;
  /** Folder of the built SPA; served when it exists. */
  webRoot?: string;
  /** Where uploaded images are stored and served from; DATA_DIR/uploads by default. */
  uploadsDir?: string;
  logger?: FastifyServerOptions['logger'];
  /** Shared store for rate limits when several processes run (REDIS_URL). */
  redis?: RedisConnection;
  /** The mail sender's timings (tests shorten the retries' backoff). */
  mail?: SenderOptions;
  /**
   * Runs background jobs (CSV imports) in this process, from the app's start to its close. The
   * server does; tests that need jobs ask for it, so the others skip installing the queue.
   */
  runJobs?: boolean;
};

/** Writes that can change a public product bundle (the catalogue areas). */
const CATALOGUE_WRITES = /^\/api\/(products|categories|brands|discounts|trash)(\/|\?|$)/;

/**
 * TRUST_PROXY as Fastify takes it. A hop count trusts that many addresses counted from the socket
 * (proxy-addr's index 0 is the peer), so the client is the address the outermost trusted proxy
 * appended, never an entry the client wrote at the front of X-Forwarded-For itself.
 */
function trustProxyOption(setting: Config['trustProxy']) {
  if (typeof setting === 'number') return (_address: string, hop: number) => hop < setting;
  return setting;
}

export async function buildApp(deps: AppDeps) {
  const app = Fastify({
    logger: redactingLogger(deps.logger),
    trustProxy: trustProxyOption(deps.config.trustProxy),
    bodyLimit: 1024 * 1024,
    // Slow clients: a request (headers and body) must arrive within REQUEST_TIMEOUT_SECONDS and
    // its headers within HEADERS_TIMEOUT_SECONDS, so a body trickled a byte at a time cannot hold
    // a connection for as long as it is fed. Node checks incomplete requests every second.
    requestTimeout: deps.config.http.requestTimeoutMs,
    keepAliveTimeout: deps.config.http.keepAliveTimeoutMs,
    http: {
      headersTimeout: Math.min(deps.config.http.headersTimeoutMs, deps.config.http.requestTimeoutMs),
      connectionsCheckingInterval: 1_000,
    },
    // Answer 503 to new requests during shutdown while in-flight ones finish.
    return503OnClosing: true,
    routerOptions: { ignoreTrailingSlash: true, ignoreDuplicateSlashes: true },
    // Zod validates and serialises every route (set below). Named here too, Fastify does not
    // load its default Ajv and fast-json-stringify compilers at all, which start-up would wait for.
    // (Fastify types these factories for Ajv's compilers; Zod's take the same route schema.)
    schemaController: {
      compilersFactory: {
        buildValidator: () => validatorCompiler,
        buildSerializer: () => serializerCompiler,
      } as unknown as NonNullable<FastifyServerOptions['schemaController']>['compilersFactory'],
    },
    // Errors the router answers before any hook runs (a malformed %-escape in the path, a path
    // parameter over the router's length limit): the API's own error shape, never the URL echoed.
    frameworkErrors(err, _request, reply) {
      const tooLong = err.code === 'FST_ERR_MAX_PARAM_LENGTH';
      return (reply as FastifyReply)
        .code(tooLong ? 414 : 400)
        .header('x-content-type-options', 'nosniff')
        .type('application/json; charset=utf-8')
        .send(JSON.stringify({ error: tooLong ? API_ERROR.urlTooLong : API_ERROR.invalidUrl }));
    },
  }).withTypeProvider<ZodTypeProvider>();
  // Past this many open sockets, new connections are dropped at once rather than queued.
  app.server.maxConnections = deps.config.http.maxConnections;

  // Every route, as registered, so tests can check each one (docs coverage, auth) without a list
  // someone has to remember to update.
  const routeTable: { method: string; url: string }[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routeTable.push({ method, url: route.url });
  });
  app.decorate('routeTable', routeTable);

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);

  // Helmet's middleware built once and run on each request's raw objects. @fastify/helmet built it
  // again for every request, parsing the CSP directives each time, a visible share of a cached
  // bundle request's CPU.
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Mantine writes its CSS variables into a <style> element at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
      },
    },
  });
  app.addHook('onRequest', (request, reply, done) =>
    securityHeaders(request.raw, reply.raw, (err) => done(err as Error | undefined)),
  );
  // Every write a request makes is logged under its user (the change log's triggers).
  actorScopes(app);

  await app.register(swagger, {
    openapi: {
      info: { title: 'Stockroom API', version: '1.0.0', description: 'Back-office API of Stockroom.' },
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  // Files are read part by part in the routes (server/http/form.ts), never buffered whole.
  await app.register(multipart, { limits: { fileSize: IMAGE_MAX_BYTES, files: 1 } });

  const uploadsDir = deps.uploadsDir ?? path.join(deps.config.dataDir, 'uploads');
  const imageStore = createImageStore(deps.config.imageStore, uploadsDir);
  if (deps.config.imageStore.kind === 'disk') {
    mkdirSync(uploadsDir, { recursive: true });
    await app.register(fastifyStatic, {
      root: uploadsDir,
      prefix: '/uploads/',
      decorateReply: false,
      index: false,
      // Only what the image store writes (a content hash, .webp): never a temporary file or
      // anything else that finds its way into the folder.
      allowedPath: (pathName) => SERVED_FILE_NAME.test(pathName.slice(1)),
      setHeaders(res) {
        for (const [name, value] of Object.entries(UPLOAD_HEADERS)) res.header(name, value);
      },
    });
  } else {
    await app.register(serveStoredImages(imageStore, deps.config.imageStore.publicBaseUrl));
  }

  const db = deps.database.db;
  const images = createImagesService(db, imageStore);
  const users = createUsersService(db);
  const categories = createCategoriesService(db, images);
  const brands = createBrandsService(db, images);
  const products = createProductsService(db);
  const productBulk = createProductBulkService(db);
  const productImages = createProductImagesService(db, images);
  const sections = createSectionsService(db);
  const bundles = createBundleService(deps.database.pool, { maxEntries: deps.config.bundleCacheEntries });
  const stopListening = await deps.database.listen(CATALOGUE_CHANNEL, bundles.onChannelEvent);
  app.addHook('onClose', stopListening);
  // A catalogue write answered by this process clears its cached bundles before the answer goes
  // out, so the writer's next read sees the change without waiting for the NOTIFY round trip.
  // The hook is attached to the write routes alone: as a global onSend hook it cost every read a
  // hook run and a promise.
  const invalidateBundles: onSendHookHandler = (_request, reply, payload, done) => {
    if (reply.statusCode < 400) bundles.invalidate();
    done(null, payload);
  };
  app.addHook('onRoute', (route) => {
    const reads = [route.method].flat().every((method) => method === 'GET' || method === 'HEAD');
    if (reads || !CATALOGUE_WRITES.test(route.url)) return;
    route.onSend = [...[route.onSend ?? []].flat(), invalidateBundles];
  });
  const tokens = createTokenService(deps.jwtSecret, deps.config.tokenTtlSeconds);
  // Every limit counts in Redis when it is configured and reachable, in memory otherwise.
  const counters = resilientCounterStore(deps.redis);
  const throttle = createLoginThrottle(counters, deps.config.loginThrottle);
  const passwordThrottle = createPasswordChangeThrottle(counters, deps.config.passwordChangeThrottle);
  const inquiryRateLimit = rateLimitPerAddress(counters, {
    name: 'inquiries',
    max: deps.config.inquiryRateLimit.max,
    windowMs: deps.config.inquiryRateLimit.windowMs,
    message: INQUIRY_TEXT.tooMany,
  });
  const sessions = createSessionsService(db);
  const discounts = createDiscountsService(db);
  const dashboard = createDashboardService(db);
  const authenticate = createAuthenticate(tokens, sessions);
  // Every e-mail goes through the outbox, written in the transaction that causes it; this
  // process's sender delivers from the app's start to its close (before the database closes).
  const mailer = createMailer(deps.database, deps.config, app.log, deps.mail);
  app.decorate('mailer', mailer);
  app.addHook('onReady', () => mailer.start());
  app.addHook('onClose', () => mailer.stop());
  const desk = { mailer, publicUrl: deps.config.publicUrl, notifyEmail: deps.config.mail.notifyEmail };
  const inquiries = createInquiriesService(db, desk);
  const quotes = createQuotesService(db, {
    ...desk,
    renderPdf: renderQuotePdf,
    companyName: deps.config.companyName,
    company: deps.config.company,
    currency: deps.config.currency,
  });
  // The customer's quote page counts per address apart from quote requests.
  const quotePageRateLimit = rateLimitPerAddress(counters, {
    name: 'quote-page',
    max: deps.config.quotePageRateLimit.max,
    windowMs: deps.config.quotePageRateLimit.windowMs,
    message: QUOTE_TEXT.tooMany,
  });

  await app.register(authRoutes({ users, tokens, throttle, sessions, authenticate }));
  await app.register(meRoutes({ users, tokens, authenticate, passwordThrottle }));
  await app.register(settingsRoutes({ currency: deps.config.currency }));
  await app.register(usersRoutes({ users, authenticate }));
  await app.register(categoriesRoutes({ categories, authenticate }));
  // The public option lists, one small cache in the bundles' freshness group.
  const publicLists = bundles.caches.cache<Tagged>(64);
  await app.register(publicCategoriesRoutes({ categories, cache: publicLists }));
  await app.register(brandsRoutes({ brands, authenticate }));
  await app.register(publicBrandsRoutes({ brands, cache: publicLists }));
  await app.register(
    productsRoutes({ products, productImages, sections, bundles, bulk: productBulk, authenticate }),
  );
  await app.register(
    productExtrasRoutes({
      duplicates: createProductDuplicateService(images),
      exports: createProductExportService(db),
      authenticate,
    }),
  );
  await app.register(publicProductsRoutes({ products, bundles }));
  await app.register(discountsRoutes({ discounts, authenticate }));
  const trash = createTrashService(db, images);
  await app.register(trashRoutes({ trash, authenticate }));
  await app.register(dashboardRoutes({ dashboard, authenticate }));
  await app.register(inquiriesRoutes({ inquiries, authenticate, rateLimit: inquiryRateLimit }));
  await app.register(
    quotesRoutes({ quotes, authenticate, rateLimit: quotePageRateLimit, logo: deps.config.company.logo }),
  );
  await app.register(outboxRoutes({ outbox: createOutboxService(db, { mode: mailer.mode }), authenticate }));
  await app.register(historyRestoreRoutes({ restore: createRestoreService(db), authenticate }));
  // Imports run as queued jobs (pg-boss on the app's own pool) on any process that runs jobs.
  const queue = createJobQueue(deps.database, app.log);
  const jobs = createJobsService(deps.database);
  const imports = createImportsService({ database: deps.database, jobs, queue, log: app.log });
  queue.handle(IMPORT_QUEUE, imports.run);
  queue.onStart(imports.recover);
  // Scheduled chores, about hourly on whichever process runs jobs.
  const housekeeping = createHousekeeping(queue, app.log);
  housekeeping.add('prune-history', async () => {
    await pruneHistory(db, deps.config.historyRetentionDays);
  });
  // What has been in the trash past its days goes for good, releasing its images.
  housekeeping.add('empty-trash', async () => {
    await trash.emptyExpired();
  });
  app.decorate('housekeeping', housekeeping);
  if (deps.runJobs) {
    // Not awaited: the queue starts beside the first requests (a failed start is logged).
    app.addHook('onReady', async () => {
      queue
        .start()
        .then(() => housekeeping.start().catch((err) => app.log.error({ err }, 'housekeeping not scheduled')))
        .catch(() => {});
    });
    app.addHook('onClose', () => queue.stop());
  }
  await app.register(jobsRoutes({ jobs, authenticate }));
  await app.register(importsRoutes({ imports, authenticate }));
  await app.register(historyRoutes({ history: createHistoryService(db), authenticate }));

  // The visitors' shop (HTML under /shop, the sitemap, robots.txt): registered before the SPA's
  // fallback below, which would otherwise answer /shop with the staff app's shell. Its taxonomy
  // lookups and product pages are cached in the bundles' freshness group, cleared with them.
  const shop = createShopService(db, { caches: bundles.caches });
  const chrome = {
    companyName: deps.config.companyName,
    publicUrl: deps.config.publicUrl,
    currency: deps.config.currency,
    assets: readShopAssets(deps.webRoot),
  };
  const productPages = createProductPages({
    bundles,
    shop,
    chrome,
    maxEntries: deps.config.bundleCacheEntries,
  });
  await app.register(shopRoutes({ shop, pages: productPages, chrome }));

  app.get('/healthz', { schema: { hide: true } }, async (_request, reply) => {
    try {
      await deps.database.pool.query('select 1');
      // Redis away is not an outage: limits fall back to memory. The body says so for monitoring.
      if (deps.redis && !deps.redis.isUp()) return { status: 'degraded', redis: 'unreachable' };
      return { status: 'ok' };
    } catch {
      return reply
        .code(503)
        .header('retry-after', '5')
        .send({ status: 'unavailable', error: API_ERROR.databaseUnavailable });
    }
  });

  const webRoot = deps.webRoot;
  const hasWeb = webRoot !== undefined && existsSync(path.join(webRoot, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webRoot,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each asset (web/build/precompress.ts).
      preCompressed: true,
      setHeaders(res, filePath) {
        // Vite names assets by content hash, so they never change; index.html always may.
        res.header(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`)
            ? 'public, max-age=31536000, immutable'
            : 'no-cache',
        );
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url.startsWith('/api') || request.url.startsWith('/uploads');
    // A missing file (say, an old hashed asset after a rebuild) is a 404, never the HTML shell.
    const looksLikeFile = /\.[a-z0-9]+$/i.test(request.url.split('?')[0]);
    if (hasWeb && request.method === 'GET' && !isApi && !looksLikeFile) {
      // Client-side routes (/users, /product/x) all load the SPA shell.
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.code(404).send({ error: API_ERROR.notFound });
  });

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;

declare module 'fastify' {
  interface FastifyInstance {
    routeTable: { method: string; url: string }[];
    mailer: Mailer;
    housekeeping: Housekeeping;
  }
}
