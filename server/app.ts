import path from 'node:path';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database } from './db/client';
import { actorScopes } from './history/actor';
import { historyRoutes } from './history/history.routes';
import { historyRestoreRoutes } from './history/history-restore.routes';
import { catalogueWrites } from './http/plugins/catalogue-writes';
import { errorHandler } from './http/plugins/error-handler';
import { healthz } from './http/plugins/healthz';
import { inboxWrites } from './http/plugins/inbox-writes';
import { jobsLifecycle } from './http/plugins/jobs';
import { mailerLifecycle } from './http/plugins/mailer';
import { multipart } from './http/plugins/multipart';
import { openApi } from './http/plugins/openapi';
import { routeTable } from './http/plugins/route-table';
import { securityHeaders } from './http/plugins/security-headers';
import { uploads } from './http/plugins/uploads';
import { webApp } from './http/plugins/web-app';
import { serverOptions } from './http/server-options';
import { jobsRoutes } from './jobs/jobs.routes';
import type { SenderOptions } from './mail/mailer';
import { outboxRoutes } from './mail/outbox.routes';
import { accountRoutes } from './modules/account/account.routes';
import { apiTokensRoutes } from './modules/api-tokens/api-tokens.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { brandsRoutes, publicBrandsRoutes } from './modules/brands/brands.routes';
import { categoriesRoutes, publicCategoriesRoutes } from './modules/categories/categories.routes';
import { customersRoutes } from './modules/customers/customers.routes';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes';
import { discountsRoutes } from './modules/discounts/discounts.routes';
import { importsRoutes } from './modules/imports/imports.routes';
import { inquiriesRoutes } from './modules/inquiries/inquiries.routes';
import { meRoutes } from './modules/me/me.routes';
import { ordersRoutes } from './modules/orders/orders.routes';
import { priceListsRoutes } from './modules/price-lists/price-lists.routes';
import { pricingRoutes } from './modules/price-lists/pricing.routes';
import { productDuplicateRoutes } from './modules/products/product-duplicate.routes';
import { productExportRoutes } from './modules/products/product-export.routes';
import { productImagesRoutes } from './modules/products/product-images.routes';
import { productSectionsRoutes } from './modules/products/product-sections.routes';
import { productsRoutes, publicProductsRoutes } from './modules/products/products.routes';
import { variantsRoutes } from './modules/products/variants.routes';
import { quoteTemplatesRoutes } from './modules/quotes/quote-templates.routes';
import { quotesRoutes } from './modules/quotes/quotes.routes';
import { rolesRoutes } from './modules/roles/roles.routes';
import { settingsRoutes } from './modules/settings/settings.routes';
import { shopRoutes } from './modules/shop/shop.routes';
import { localesRoutes, translationsRoutes } from './modules/translations/translations.routes';
import { usersRoutes } from './modules/users/users.routes';
import type { WebhookSenderOptions } from './modules/webhooks/sender';
import { webhooksRoutes } from './modules/webhooks/webhooks.routes';
import type { RedisConnection } from './redis/connection';
import { createServices } from './services';
import { trashRoutes } from './trash/trash.routes';

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
  /** The webhook sender's timings (tests poll more often). */
  webhooks?: WebhookSenderOptions;
  /**
   * Runs background jobs (CSV imports) in this process, from the app's start to its close. The
   * server does; tests that need jobs ask for it, so the others skip installing the queue.
   */
  runJobs?: boolean;
};

/**
 * The app: its plugins, one per concern (server/http/plugins/), and the route plugins, given the
 * services. Order matters: hooks apply to the routes registered after them, and the SPA's
 * fallback comes last.
 */
export async function buildApp(deps: AppDeps) {
  const { config, database } = deps;
  const app = Fastify(serverOptions(config, deps.logger)).withTypeProvider<ZodTypeProvider>();
  // Past this many open sockets, new connections are dropped at once rather than queued.
  app.server.maxConnections = config.http.maxConnections;

  await app.register(routeTable);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(errorHandler);
  await app.register(securityHeaders);
  // Every write a request makes is logged under its user (the change log's triggers).
  actorScopes(app);
  await app.register(openApi);
  await app.register(multipart);

  const uploadsDir = deps.uploadsDir ?? path.join(config.dataDir, 'uploads');
  const { jwtSecret, redis, mail, webRoot, webhooks } = deps;
  const services = createServices(database, config, {
    jwtSecret,
    redis,
    mail,
    webhooks,
    webRoot,
    uploadsDir,
    log: app.log,
  });
  const { authenticate, bundles, limits, users, tokens, sessions, publicLists, products, locales } = services;
  await app.register(uploads, { store: services.imageStore, uploadsDir, settings: config.imageStore });
  await app.register(catalogueWrites, { database, bundles });
  await app.register(inboxWrites, { database, inbox: services.inbox });
  await app.register(mailerLifecycle, { mailer: services.mailer, webhookSender: services.webhookSender });

  await app.register(authRoutes({ users, tokens, throttle: limits.throttle, sessions, authenticate }));
  await app.register(meRoutes({ users, tokens, authenticate, passwordThrottle: limits.passwordThrottle }));
  await app.register(settingsRoutes({ currency: config.currency, time_zone: config.timeZone }));
  await app.register(usersRoutes({ users, authenticate }));
  await app.register(rolesRoutes({ roles: services.roles, authenticate }));
  await app.register(apiTokensRoutes({ apiTokens: services.apiTokens, authenticate }));
  await app.register(categoriesRoutes({ categories: services.categories, authenticate }));
  await app.register(
    publicCategoriesRoutes({
      categories: services.categories,
      cache: publicLists,
      locales,
      pool: database.pool,
    }),
  );
  await app.register(brandsRoutes({ brands: services.brands, authenticate }));
  await app.register(
    publicBrandsRoutes({ brands: services.brands, cache: publicLists, locales, pool: database.pool }),
  );
  await app.register(
    productsRoutes({ products, bundles, bulk: services.productBulk, authenticate, locales }),
  );
  await app.register(productImagesRoutes({ productImages: services.productImages, authenticate }));
  await app.register(variantsRoutes({ variants: services.variants, authenticate }));
  await app.register(productSectionsRoutes({ products, sections: services.sections, authenticate }));
  await app.register(productDuplicateRoutes({ duplicates: services.duplicates, authenticate }));
  await app.register(productExportRoutes({ exports: services.exports, authenticate }));
  await app.register(publicProductsRoutes({ products, bundles, locales, pool: database.pool }));
  await app.register(localesRoutes({ locales }));
  await app.register(translationsRoutes({ translations: services.translations, locales, authenticate }));
  await app.register(discountsRoutes({ discounts: services.discounts, authenticate }));
  await app.register(trashRoutes({ trash: services.trash, authenticate }));
  await app.register(dashboardRoutes({ dashboard: services.dashboard, authenticate }));
  await app.register(
    inquiriesRoutes({ inquiries: services.inquiries, authenticate, rateLimit: limits.inquiries }),
  );
  await app.register(
    quotesRoutes({
      quotes: services.quotes,
      authenticate,
      rateLimit: limits.quotePage,
      logo: config.company.logo,
    }),
  );
  await app.register(ordersRoutes({ orders: services.orders, authenticate }));
  await app.register(priceListsRoutes({ priceLists: services.priceLists, authenticate }));
  await app.register(pricingRoutes({ pricing: services.pricing, authenticate }));
  await app.register(
    customersRoutes({ customers: services.customers, companies: services.companies, authenticate }),
  );
  await app.register(quoteTemplatesRoutes({ quotes: services.quotes, authenticate }));
  await app.register(outboxRoutes({ outbox: services.outbox, authenticate }));
  await app.register(webhooksRoutes({ webhooks: services.webhooks, authenticate }));
  await app.register(historyRestoreRoutes({ restore: services.restore, authenticate }));
  const { queue, housekeeping, backups } = services;
  await app.register(jobsLifecycle, { queue, housekeeping, backups, runJobs: deps.runJobs });
  await app.register(jobsRoutes({ jobs: services.jobs, authenticate }));
  await app.register(importsRoutes({ imports: services.imports, authenticate }));
  await app.register(historyRoutes({ history: services.history, authenticate }));
  await app.register(
    accountRoutes({
      account: services.account,
      pricing: services.pricing,
      counters: services.counters,
      limits: config.accountLinkLimit,
    }),
  );

  // The visitors' shop (HTML under /shop, the sitemap, robots.txt): before the SPA's fallback,
  // which would otherwise answer /shop with the staff app's shell.
  await app.register(
    shopRoutes({ shop: services.shop, pages: services.productPages, chrome: services.shopChrome }),
  );
  await app.register(healthz({ database, redis }));
  await app.register(webApp, { webRoot });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
