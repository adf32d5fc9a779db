import { z } from 'zod';
import { CUSTOMER_LIMITS, SORT_ORDERS, TEXT_LIMITS } from './constants';
import { oneLine, optionalAddress, optionalId } from './fields';
import { INQUIRY_STATUSES } from './inquiries';
import { VALIDATION } from './messages';
import { staffNoteSchema } from './notes';
import { ORDER_STATUSES } from './orders';
import { listMeta, listQuery } from './paging';
import { assignedPriceListSchema } from './price-lists';

/**
 * Customers and companies (ADR 0022). Every request belongs to the customer its e-mail names
 * (case-insensitive), made on its first request; a customer may belong to a company, matched by
 * name or set by staff. A customer merged into another keeps its row, answered with
 * merged_into_id, so that its e-mail and its old links lead to the one it became.
 */

export { CUSTOMER_LIMITS };

export const CUSTOMER_TEXT = {
  notFound: 'Customer not found',
  companyNotFound: 'Company not found',
  emailTaken: 'Another customer has this e-mail address',
  companyNameTaken: 'Another company has this name',
  patchEmpty: 'Send at least one field to change',
  mergeSelf: 'A customer cannot be merged into itself',
  mergeTargetNotFound: 'The customer to merge into was not found',
  mergedAlready: 'This customer was already merged into another',
  mergeTargetMerged: 'The customer to merge into was itself merged into another',
  mergeUndone: 'This merge was undone already, or the customer was changed since',
  intoIdInvalid: 'into_id must be a customer id',
  companyMergeSelf: 'A company cannot be merged into itself',
  companyMergeTargetNotFound: 'The company to merge into was not found',
  companyIntoIdInvalid: 'into_id must be a company id',
  companyMerged: 'Companies merged',
  companyMergeFailed: 'Failed to merge the companies',
  companyDeleted: 'Company deleted',
  companyDeleteFailed: 'Failed to delete the company',
  seesCompanyInvalid: 'sees_company must be true or false',
  companyIdInvalid: 'company_id must be a company id or null',
  loadFailed: 'Failed to load customers',
  saveFailed: 'Failed to save the customer',
  saved: 'Customer saved',
  merged: 'Customers merged',
  mergeFailed: 'Failed to merge the customers',
  companyLoadFailed: 'Failed to load companies',
  companySaved: 'Company saved',
  companySaveFailed: 'Failed to save the company',
  /** The desk's line beside a request: "3 earlier requests, 2 accepted". */
  earlierSummary: (earlier: number, accepted: number) =>
    `${earlier} earlier request${earlier === 1 ? '' : 's'}, ${accepted} accepted`,
  firstRequest: 'First request',
} as const;

/** The customers list's sorts; each has its index (migration 0042), in its tie-break order. */
export const CUSTOMER_SORT_KEYS = ['last_request_at', 'request_count', 'accepted_value', 'name'] as const;
export type CustomerSortKey = (typeof CUSTOMER_SORT_KEYS)[number];
export const CUSTOMER_PAGING = { options: [10, 15, 25, 50], defaultLimit: 15 } as const;

export const COMPANY_SORT_KEYS = [
  'name',
  'accepted_value',
  'customer_count',
  'request_count',
  'last_request_at',
] as const;
export type CompanySortKey = (typeof COMPANY_SORT_KEYS)[number];
export const COMPANY_PAGING = { options: [10, 15, 25, 50], defaultLimit: 15 } as const;

const companyIdFilter = z
  .string()
  .regex(/^[1-9]\d{0,9}$/, { error: 'company_id must be a company id' })
  .refine((v) => Number(v) <= 2_147_483_647, { error: 'company_id must be a company id' })
  .optional();

const sortOrder = z.enum(SORT_ORDERS, { error: 'sortOrder must be asc or desc' }).optional();

/**
 * GET /api/customers (and its CSV): q finds part of the name, e-mail, phone or company name;
 * company_id keeps one company's people. The direction is `sortOrder` (`order` is taken too;
 * sortOrder wins), as the orders list takes it.
 */
export const customerListQuery = listQuery({
  sortKeys: CUSTOMER_SORT_KEYS,
  defaultSort: 'last_request_at',
  defaultOrder: 'desc',
  defaultLimit: CUSTOMER_PAGING.defaultLimit,
  extra: { company_id: companyIdFilter, sortOrder },
}).transform(({ filters: { sortOrder: direction, company_id }, ...params }) => ({
  ...params,
  company_id: company_id === undefined ? undefined : Number(company_id),
  order: (direction as (typeof SORT_ORDERS)[number] | undefined) ?? params.order,
}));
export type CustomerListParams = z.output<typeof customerListQuery>;

/** GET /api/companies (and its CSV): q finds part of the name; sorted by name by default. */
export const companyListQuery = listQuery({
  sortKeys: COMPANY_SORT_KEYS,
  defaultSort: 'name',
  defaultOrder: 'asc',
  defaultLimit: COMPANY_PAGING.defaultLimit,
  extra: { sortOrder },
}).transform(({ filters: { sortOrder: direction }, ...params }) => ({
  ...params,
  order: (direction as (typeof SORT_ORDERS)[number] | undefined) ?? params.order,
}));
export type CompanyListParams = z.output<typeof companyListQuery>;

const phone = oneLine(
  z
    .string({ error: 'Phone must be text' })
    .trim()
    .max(CUSTOMER_LIMITS.phone, { error: VALIDATION.tooLong('Phone', CUSTOMER_LIMITS.phone) }),
  'Phone',
)
  .nullish()
  .transform((v) => (v ? v : null));

/** PATCH /api/customers/{id}: any of these; an empty body is 400. */
export const patchCustomerBody = z
  .strictObject({
    name: oneLine(
      z
        .string({ error: VALIDATION.nameRequired })
        .trim()
        .min(1, { error: VALIDATION.nameRequired })
        .max(TEXT_LIMITS.name, { error: VALIDATION.tooLong('Name', TEXT_LIMITS.name) }),
      'Name',
    ).optional(),
    email: z
      .string({ error: VALIDATION.invalidEmail })
      .trim()
      .max(TEXT_LIMITS.email, { error: VALIDATION.tooLong('Email', TEXT_LIMITS.email) })
      .pipe(z.email({ error: VALIDATION.invalidEmail }))
      .optional(),
    phone: phone.optional(),
    company_id: optionalId('company_id'),
    sees_company: z.boolean({ error: CUSTOMER_TEXT.seesCompanyInvalid }).optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), { error: CUSTOMER_TEXT.patchEmpty });
export type PatchCustomerBody = z.input<typeof patchCustomerBody>;
export type PatchCustomerInput = z.output<typeof patchCustomerBody>;

const intoId = (error: string) =>
  z.number({ error }).int({ error }).positive({ error }).max(2_147_483_647, { error });

/** POST /api/customers/{id}/merge: the customer this one becomes. */
export const mergeCustomerBody = z.strictObject({ into_id: intoId(CUSTOMER_TEXT.intoIdInvalid) });

/** POST /api/companies/{id}/merge: the company this one becomes. */
export const mergeCompanyBody = z.strictObject({ into_id: intoId(CUSTOMER_TEXT.companyIntoIdInvalid) });

/** PATCH /api/companies/{id}: any of these; an empty body is 400. Blank optional fields clear. */
export const patchCompanyBody = z
  .strictObject({
    name: oneLine(
      z
        .string({ error: VALIDATION.nameRequired })
        .trim()
        .min(1, { error: VALIDATION.nameRequired })
        .max(CUSTOMER_LIMITS.companyName, { error: VALIDATION.tooLong('Name', CUSTOMER_LIMITS.companyName) }),
      'Name',
    ).optional(),
    phone: phone.optional(),
    website: oneLine(
      z
        .string({ error: 'Website must be text' })
        .trim()
        .max(CUSTOMER_LIMITS.website, { error: VALIDATION.tooLong('Website', CUSTOMER_LIMITS.website) }),
      'Website',
    )
      .nullish()
      .transform((v) => (v ? v : null))
      .optional(),
    address: optionalAddress('Address', CUSTOMER_LIMITS.address).optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), { error: CUSTOMER_TEXT.patchEmpty });
export type PatchCompanyBody = z.input<typeof patchCompanyBody>;
export type PatchCompanyInput = z.output<typeof patchCompanyBody>;

/** Who made a company's request or order. */
const personRef = z.object({ id: z.number(), name: z.string() });
const companyRef = z.object({ id: z.number(), name: z.string() });
/** Money as every JSON answer gives it (domain/money.ts): a number with two decimals at most. */
const money = z.number().describe('amount, two decimals at most');

/** A customer as the list shows it. Times are ISO 8601. */
const customerSchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  company: companyRef.nullable(),
  /** Whether this buyer sees the whole company's requests, quotes and orders in the portal. */
  sees_company: z.boolean(),
  request_count: z.number(),
  /** Orders not cancelled. */
  order_count: z.number(),
  /** The sum of the totals of the orders not cancelled. */
  accepted_value: money,
  last_request_at: z.string().nullable(),
  created_at: z.string(),
});
export type Customer = z.infer<typeof customerSchema>;

export const customerListResponse = z.object({ data: z.array(customerSchema), meta: listMeta });

/** A request as a customer's or a company's page lists it, newest first. */
const customerRequestSchema = z.object({
  id: z.number(),
  /** Q-000041 */
  reference: z.string(),
  subject: z.string(),
  status: z.enum(INQUIRY_STATUSES),
  created_at: z.string(),
});
export type CustomerRequest = z.infer<typeof customerRequestSchema>;

/** Every quote of the customer's requests (drafts and each sent version), newest first. */
const customerQuoteSchema = z.object({
  id: z.number(),
  inquiry_id: z.number(),
  /** The request's reference. */
  reference: z.string(),
  /** Null while it is a draft. */
  version: z.number().nullable(),
  status: z.string(),
  total: money,
  currency: z.string(),
  valid_until: z.string(),
  sent_at: z.string().nullable(),
});
export type CustomerQuote = z.infer<typeof customerQuoteSchema>;

const customerOrderSchema = z.object({
  id: z.number(),
  /** SO-000123 */
  number: z.string(),
  status: z.enum(ORDER_STATUSES),
  total: money,
  currency: z.string(),
  created_at: z.string(),
});
export type CustomerOrder = z.infer<typeof customerOrderSchema>;

/** GET /api/customers/{id}. A merged customer answers too, with merged_into_id set. */
export const customerDetailSchema = customerSchema.extend({
  /** The customer this one was merged into (follow it); null for a live customer. */
  merged_into_id: z.number().nullable(),
  updated_at: z.string(),
  requests: z.array(customerRequestSchema),
  quotes: z.array(customerQuoteSchema),
  orders: z.array(customerOrderSchema),
  /** Newest first. */
  notes: z.array(staffNoteSchema),
  /** The price lists that hold for them: their own and their company's, by name. */
  price_lists: z.array(assignedPriceListSchema),
});
export type CustomerDetail = z.infer<typeof customerDetailSchema>;

/** A company as the list shows it; its figures are its (unmerged) customers' together. */
const companySchema = z.object({
  id: z.number(),
  name: z.string(),
  phone: z.string().nullable(),
  website: z.string().nullable(),
  address: z.string().nullable(),
  customer_count: z.number(),
  request_count: z.number(),
  order_count: z.number(),
  accepted_value: money,
  last_request_at: z.string().nullable(),
  created_at: z.string(),
});
export type Company = z.infer<typeof companySchema>;

export const companyListResponse = z.object({ data: z.array(companySchema), meta: listMeta });

/** GET /api/companies/{id}: the company, its people, their requests and orders, and its notes. */
export const companyDetailSchema = companySchema.extend({
  updated_at: z.string(),
  people: z.array(customerSchema),
  /** Each with the customer who made it. */
  requests: z.array(customerRequestSchema.extend({ customer: personRef })),
  orders: z.array(customerOrderSchema.extend({ customer: personRef })),
  notes: z.array(staffNoteSchema),
  /** The price lists assigned to the company, by name: they hold for each of its people. */
  price_lists: z.array(assignedPriceListSchema),
});
export type CompanyDetail = z.infer<typeof companyDetailSchema>;
