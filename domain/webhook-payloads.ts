import type { z } from 'zod';
import { companyDetailSchema, customerDetailSchema } from './customers';
import { inquirySchema } from './inquiries';
import { orderDetailSchema } from './orders';
import { priceListSchema } from './price-lists';
import { productBaseSchema } from './products';
import { quoteSchema } from './quotes';
import type { WebhookEventType } from './webhooks';

/**
 * A deleted product's `data`: it can no longer be read, so its id and what its change-log entry
 * kept of it.
 */
const deletedProductSchema = productBaseSchema.pick({
  id: true,
  name: true,
  sku: true,
  slug: true,
  status: true,
});

/** A deleted request's `data`: its id and reference, and what its change-log entry kept of it. */
const deletedInquirySchema = inquirySchema.pick({
  id: true,
  reference: true,
  name: true,
  email: true,
  subject: true,
  status: true,
});

/**
 * A customer's `customer.deleted` data: its id and what it was called. Merged into another, it
 * names the survivor in merged_into_id (its page still answers, with that set); deleted, that is
 * null and the rest is what its change-log entry kept.
 */
const deletedCustomerSchema = customerDetailSchema.pick({
  id: true,
  name: true,
  email: true,
  merged_into_id: true,
});

/** A deleted company's `data`: its id and the name its change-log entry kept. */
const deletedCompanySchema = companyDetailSchema.pick({ id: true, name: true });

/** A deleted price list's `data`: its id and what its change-log entry kept of it. */
const deletedPriceListSchema = priceListSchema.pick({ id: true, name: true, type: true });

/**
 * A quote's `data`: the quote as the desk reads it without its `token`, the secret of the
 * customer's page (and its answer buttons), which is never sent anywhere but to the customer.
 */
const webhookQuoteSchema = quoteSchema.omit({ token: true });
export type WebhookQuote = z.infer<typeof webhookQuoteSchema>;

/**
 * What each event's `data` is: the entity as the API answers with it, less any secret link (a
 * quote's token). No event carries a buyer's sign-in link or session either: they live in the
 * outbox and the sessions, never in an entity.
 */
export const WEBHOOK_EVENT_DATA = {
  'product.created': productBaseSchema,
  'product.updated': productBaseSchema,
  'product.deleted': deletedProductSchema,
  'product.published': productBaseSchema,
  'inquiry.created': inquirySchema,
  'inquiry.updated': inquirySchema,
  'inquiry.deleted': deletedInquirySchema,
  'quote.sent': webhookQuoteSchema,
  'quote.accepted': webhookQuoteSchema,
  'quote.declined': webhookQuoteSchema,
  'quote.expired': webhookQuoteSchema,
  'quote.approval_requested': webhookQuoteSchema,
  'quote.approved': webhookQuoteSchema,
  'quote.rejected': webhookQuoteSchema,
  'order.created': orderDetailSchema,
  'order.updated': orderDetailSchema,
  'customer.created': customerDetailSchema,
  'customer.updated': customerDetailSchema,
  'customer.deleted': deletedCustomerSchema,
  'company.created': companyDetailSchema,
  'company.updated': companyDetailSchema,
  'company.deleted': deletedCompanySchema,
  'price_list.created': priceListSchema,
  'price_list.updated': priceListSchema,
  'price_list.deleted': deletedPriceListSchema,
} satisfies Record<WebhookEventType, z.ZodType>;

/** When each event is sent, for the OpenAPI document and the screen's event picker. */
export const WEBHOOK_EVENT_DESCRIPTIONS: Record<WebhookEventType, string> = {
  'product.created':
    'A product was created (in the editor, by duplicating, by a CSV import, or brought back from the trash).',
  'product.updated':
    'A product changed: its fields, price, options and variants, sections or images, by the editor, a bulk action, a CSV import or a restored version.',
  'product.deleted': 'A product was deleted (moved to the trash), alone or by a bulk action.',
  'product.published':
    "A product's status became published (sent after its product.created or product.updated).",
  'inquiry.created': 'A visitor asked for a quote, or staff entered a request.',
  'inquiry.updated': 'A quote request changed: its status, owner, notes or details.',
  'inquiry.deleted': 'A quote request was deleted by staff.',
  'quote.sent': 'A quote (or a new version of it) was sent to the customer.',
  'quote.accepted': 'The customer accepted a quote.',
  'quote.declined': 'The customer declined a quote.',
  'quote.expired': 'A sent quote passed its valid-until day unanswered.',
  'quote.approval_requested':
    'Staff asked for approval of a draft quote that breaks an approval rule (a discount or total past its limit); `approval` says which.',
  'quote.approved': 'An approver approved a draft quote; `approval.reply` holds their note.',
  'quote.rejected': 'An approver rejected a draft quote; `approval.reply` holds the reason.',
  'order.created': 'An accepted quote became an order.',
  'order.updated': 'An order changed: its status moved, or staff added a note.',
  'customer.created':
    'A customer was made: by a request from a new e-mail address, or by undoing a merge (restoring its history entry).',
  'customer.updated':
    "A customer changed: its details, company or portal right, a staff note, a request's phone or company filling its blank ones, or another customer merged into it (or that merge undone).",
  'customer.deleted':
    'A customer was merged into another (merged_into_id names the survivor, which gets customer.updated), or deleted.',
  'company.created': 'A company was made: by a request naming a company not known yet.',
  'company.updated': 'A company changed: its name, phone, website or address, or a staff note.',
  'company.deleted': 'A company was deleted.',
  'price_list.created': 'A price list was made, with the companies and customers it was assigned to.',
  'price_list.updated':
    'A price list changed: its name, type, percent, dates or on/off, the companies or customers it holds for (one of them deleted too), or its prices: one event for each write of them, however many rows it set (price_count is how many it holds now).',
  'price_list.deleted': 'A price list was deleted, with its prices and assignments.',
};
