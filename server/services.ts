import type { FastifyBaseLogger } from 'fastify';
import { INQUIRY_TEXT } from '#domain/inquiries';
import { QUOTE_TEXT } from '#domain/quotes';
import { createAuthenticate } from './auth/hooks';
import { createSessionsService } from './auth/sessions.service';
import { createLoginThrottle, createPasswordChangeThrottle } from './auth/throttles';
import { createTokenService } from './auth/tokens';
import { createScheduledBackups } from './backup/scheduled';
import type { Tagged } from './cache/etag';
import { createInboxPages } from './cache/inbox-pages';
import type { Config } from './config';
import type { Database } from './db/client';
import { createHistoryService } from './history/history.service';
import { pruneHistory } from './history/prune';
import { createRestoreService } from './history/restore.service';
import { createImageStore } from './images/image-store';
import { createImagesService } from './images/images.service';
import { createHousekeeping } from './jobs/housekeeping';
import { createJobsService } from './jobs/jobs.service';
import { createJobQueue } from './jobs/queue';
import { resilientCounterStore } from './limits/counters';
import { rateLimitPerAddress } from './limits/rate-limit';
import { createMailer, type SenderOptions } from './mail/mailer';
import { createOutboxService } from './mail/outbox.service';
import { createAccountService } from './modules/account/account.service';
import { createApiTokensService } from './modules/api-tokens/api-tokens.service';
import { createBrandsService } from './modules/brands/brands.service';
import { createCategoriesService } from './modules/categories/categories.service';
import { createCompaniesService } from './modules/customers/companies.service';
import { createCustomersService } from './modules/customers/customers.service';
import { createDashboardService } from './modules/dashboard/dashboard.service';
import { createDiscountsService } from './modules/discounts/discounts.service';
import { createImportsService, IMPORT_QUEUE } from './modules/imports/imports.service';
import { createInquiriesService } from './modules/inquiries/inquiries.service';
import { renderOrderPdf } from './modules/orders/order-pdf';
import { createOrdersService } from './modules/orders/orders.service';
import { createCustomerPricing } from './modules/price-lists/customer-pricing.service';
import { createPriceListsService } from './modules/price-lists/price-lists.service';
import { createBundleService } from './modules/products/bundle.service';
import { createProductBulkService } from './modules/products/product-bulk.service';
import { createProductDuplicateService } from './modules/products/product-duplicate.service';
import { createProductExportService } from './modules/products/product-export';
import { createProductImagesService } from './modules/products/product-images.service';
import { createProductsService } from './modules/products/products.service';
import { createSectionsService } from './modules/products/sections.service';
import { createVariantsService } from './modules/products/variants.service';
import { renderQuotePdf } from './modules/quotes/pdf';
import { createQuotesService } from './modules/quotes/quotes.service';
import { createRolesService } from './modules/roles/roles.service';
import { readShopAssets } from './modules/shop/assets';
import { createProductPages } from './modules/shop/product-pages';
import { createShopService } from './modules/shop/shop.service';
import { createLocales } from './modules/translations/locales';
import { createTranslationsService } from './modules/translations/translations.service';
import { createUsersService } from './modules/users/users.service';
import { loggedChangeEmitter, runBeforeCommit } from './modules/webhooks/events/emit';
import { recordWebhookEvents } from './modules/webhooks/events/record-many';
import { pruneWebhookEvents } from './modules/webhooks/prune';
import { createWebhookSender, type WebhookSenderOptions } from './modules/webhooks/sender';
import { createWebhooksService } from './modules/webhooks/webhooks.service';
import type { RedisConnection } from './redis/connection';
import { createTrashService } from './trash/trash.service';

export type ServicesOptions = {
  jwtSecret: Uint8Array;
  /** Where the disk image store keeps its files. */
  uploadsDir: string;
  /** Folder of the built SPA, whose manifest names the shop's script and styles. */
  webRoot?: string;
  redis?: RedisConnection;
  mail?: SenderOptions;
  /** The webhook sender's timings (tests poll more often). */
  webhooks?: WebhookSenderOptions;
  log: FastifyBaseLogger;
};

/**
 * Every service the routes are given, built once per app on its database and configuration, with
 * the catalogue caches joined to one freshness group and the background jobs wired to the queue.
 * Nothing here starts: the app's plugins start and stop what runs (the mailer, the queue).
 */
export function createServices(database: Database, config: Config, opts: ServicesOptions) {
  const db = database.db;
  const imageStore = createImageStore(config.imageStore, opts.uploadsDir);
  const images = createImagesService(db, imageStore);
  const bundles = createBundleService(database.pool, { maxEntries: config.bundleCacheEntries });
  const locales = createLocales(config.locales);

  const tokens = createTokenService(opts.jwtSecret, config.tokenTtlSeconds);
  const sessions = createSessionsService(db);
  const apiTokens = createApiTokensService(db);
  // Every limit counts in Redis when it is configured and reachable, in memory otherwise.
  const counters = resilientCounterStore(opts.redis);
  const limits = {
    throttle: createLoginThrottle(counters, config.loginThrottle),
    passwordThrottle: createPasswordChangeThrottle(counters, config.passwordChangeThrottle),
    inquiries: rateLimitPerAddress(counters, {
      name: 'inquiries',
      max: config.inquiryRateLimit.max,
      windowMs: config.inquiryRateLimit.windowMs,
      message: INQUIRY_TEXT.tooMany,
    }),
    // The customer's quote page counts per address apart from quote requests.
    quotePage: rateLimitPerAddress(counters, {
      name: 'quote-page',
      max: config.quotePageRateLimit.max,
      windowMs: config.quotePageRateLimit.windowMs,
      message: QUOTE_TEXT.tooMany,
    }),
  };

  // Every e-mail goes through the outbox, written in the transaction that causes it.
  const mailer = createMailer(database, config, opts.log, opts.mail);
  const desk = {
    mailer,
    publicUrl: config.publicUrl,
    companyName: config.companyName,
    company: config.company,
    notifyEmail: config.mail.notifyEmail,
    timeZone: config.timeZone,
    locales,
  };
  const trash = createTrashService(db, images);
  // Every change to a product, request, quote, customer or company records its webhook events
  // last in its own transaction, read from the change log; orders, not logged, record theirs
  // themselves.
  const emitLoggedChanges = loggedChangeEmitter({ mailer, timeZone: config.timeZone });
  runBeforeCommit(db, emitLoggedChanges);
  // Webhook events are written in the transaction that causes them (modules/webhooks/record.ts)
  // and delivered by each process's sender; an endpoint failing a day tells admins by e-mail.
  const webhookSender = createWebhookSender(
    database,
    config.webhooks,
    { mailer, publicUrl: config.publicUrl, log: opts.log },
    opts.webhooks,
  );

  // Imports run as queued jobs (pg-boss on the app's own pool) on any process that runs jobs.
  const queue = createJobQueue(database, opts.log);
  const jobs = createJobsService(database);
  const imports = createImportsService({
    database,
    jobs,
    queue,
    log: opts.log,
    beforeCommit: emitLoggedChanges,
    locales: locales.translated,
  });
  queue.handle(IMPORT_QUEUE, imports.run);
  queue.onStart(imports.recover);
  // Orders come from accepted quotes: the quotes' acceptance writes one through this service.
  const orders = createOrdersService(db, {
    mailer,
    renderPdf: renderOrderPdf,
    publicUrl: config.publicUrl,
    companyName: config.companyName,
    company: config.company,
    timeZone: config.timeZone,
    recordEvents: recordWebhookEvents,
  });

  const quotes = createQuotesService(db, {
    ...desk,
    renderPdf: renderQuotePdf,
    companyName: config.companyName,
    company: config.company,
    currency: config.currency,
    reminderDays: config.quoteReminderDays,
    acceptRequired: orders.requiredFields,
    createOrder: orders.createFromQuote,
    recordEvents: recordWebhookEvents,
  });
  // The buyer portal: its one-time links and sessions, apart from staff sign-in (ADR 0023).
  const account = createAccountService(db, {
    mailer,
    orders,
    publicUrl: config.publicUrl,
    companyName: config.companyName,
    company: config.company,
    timeZone: config.timeZone,
  });
  // Scheduled chores, about hourly on whichever process runs jobs.
  const housekeeping = createHousekeeping(queue, opts.log);
  housekeeping.add('account-prune', async () => {
    await account.prune();
  });
  housekeeping.add('prune-history', async () => {
    await pruneHistory(db, config.historyRetentionDays);
  });
  housekeeping.add('prune-webhooks', async () => {
    await pruneWebhookEvents(db, config.webhooks.retentionDays);
  });
  // Sent quotes past their day become expired; customers are reminded before (quote-expiry.ts).
  housekeeping.add('quote-expiry', async () => {
    await quotes.runExpiry();
  });
  // What has been in the trash past its days goes for good, releasing its images.
  housekeeping.add('empty-trash', async () => {
    await trash.emptyExpired();
  });

  // Backups every BACKUP_EVERY, on their own queue (ADR 0024).
  const backups = createScheduledBackups({ queue, database, config, mailer, log: opts.log });

  // The visitors' shop: its taxonomy lookups and product pages are cached in the bundles'
  // freshness group, cleared with them.
  // The inbox's search pages, kept until the next write to a request (server/cache/inbox-pages.ts).
  const inbox = createInboxPages(config.searchCacheEntries);
  const shop = createShopService(db, { caches: bundles.caches, pages: config.searchCacheEntries });
  const shopChrome = {
    companyName: config.companyName,
    publicUrl: config.publicUrl,
    currency: config.currency,
    assets: readShopAssets(opts.webRoot),
    locales: config.locales,
  };

  return {
    imageStore,
    images,
    bundles,
    // The public option lists, one small cache in the bundles' freshness group.
    publicLists: bundles.caches.cache<Tagged>(64),
    tokens,
    sessions,
    apiTokens,
    authenticate: createAuthenticate(tokens, sessions, {
      apiTokens,
      counters,
      ratePerMinute: config.apiTokenRatePerMinute,
    }),
    limits,
    counters,
    account,
    mailer,
    users: createUsersService(db),
    roles: createRolesService(db),
    categories: createCategoriesService(db, images),
    brands: createBrandsService(db, images),
    products: createProductsService(db, { caches: bundles.caches, searches: config.searchCacheEntries }),
    productBulk: createProductBulkService(db),
    productImages: createProductImagesService(db, images),
    variants: createVariantsService(db),
    sections: createSectionsService(db),
    duplicates: createProductDuplicateService(images),
    exports: createProductExportService(db, locales),
    locales,
    translations: createTranslationsService(db, locales),
    discounts: createDiscountsService(db),
    priceLists: createPriceListsService(db),
    pricing: createCustomerPricing(db),
    trash,
    dashboard: createDashboardService(db, {
      backupEverySeconds: config.backup.everySeconds,
      timeZone: config.timeZone,
      locales: locales.translated,
    }),
    inbox,
    inquiries: createInquiriesService(db, { ...desk, searchPages: inbox.pages }),
    quotes,
    orders,
    customers: createCustomersService(db),
    companies: createCompaniesService(db),
    outbox: createOutboxService(db, { mode: mailer.mode }),
    webhooks: createWebhooksService(db, { allowPrivate: config.webhooks.allowPrivate }),
    webhookSender,
    restore: createRestoreService(db),
    history: createHistoryService(db, { timeZone: config.timeZone }),
    queue,
    jobs,
    imports,
    housekeeping,
    backups,
    shop,
    shopChrome,
    productPages: createProductPages({
      bundles,
      shop,
      chrome: shopChrome,
      maxEntries: config.bundleCacheEntries,
    }),
  };
}
