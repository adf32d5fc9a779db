import { z } from 'zod';
import { TEXT_LIMITS } from './constants';
import { VALIDATION } from './messages';
import { listMeta, listQuery } from './paging';

export const INQUIRY_TEXT = {
  required: 'Please fill name, email, subject and message',
  deleteConfirm: 'Delete this inquiry?',
  sent: 'Inquiry sent',
  deleted: 'Inquiry deleted',
  loadFailed: 'Failed to load inquiries',
  deleteFailed: 'Failed to delete inquiry',
  sendFailed: 'Failed to send inquiry',
  tooMany: 'Too many quote requests from your address. Please try again in a few minutes.',
  productNotFound: 'The product this request is about no longer exists',
  notFound: 'Inquiry not found',
} as const;

export const INQUIRY_SORT_KEYS = ['created_at', 'name', 'email'] as const;
export type InquirySortKey = (typeof INQUIRY_SORT_KEYS)[number];
export const INQUIRY_PAGING = { options: [10, 15, 25, 50], defaultLimit: 15 } as const;

/** Lengths of the quote request's own fields (name and email use TEXT_LIMITS); the form shares them. */
export const INQUIRY_LIMITS = { phone: 40, subject: 200, message: 5000 } as const;

const required = (max: number, field: string) =>
  z
    .string({ error: INQUIRY_TEXT.required })
    .trim()
    .min(1, { error: INQUIRY_TEXT.required })
    .max(max, { error: VALIDATION.tooLong(field, max) });

/** POST /api/inquiries: what a visitor may send (SPEC.md §5 Quote request). */
export const createInquiryBody = z.strictObject({
  name: required(TEXT_LIMITS.name, 'Name'),
  email: required(TEXT_LIMITS.email, 'Email').pipe(z.email({ error: VALIDATION.invalidEmail })),
  phone: z
    .string({ error: 'Phone must be text' })
    .trim()
    .max(INQUIRY_LIMITS.phone, { error: VALIDATION.tooLong('Phone', INQUIRY_LIMITS.phone) })
    .nullish()
    .transform((v) => (v ? v : null)),
  subject: required(INQUIRY_LIMITS.subject, 'Subject'),
  message: required(INQUIRY_LIMITS.message, 'Message'),
  product_id: z
    .number({ error: 'product_id must be a product id' })
    .int()
    .positive()
    .max(2147483647)
    .nullish(),
});
export type CreateInquiryBody = z.input<typeof createInquiryBody>;

export const inquirySchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  subject: z.string(),
  message: z.string(),
  created_at: z.string(),
  product: z.object({ id: z.number(), name: z.string(), slug: z.string() }).nullable(),
});
export type Inquiry = z.infer<typeof inquirySchema>;

export const inquiryListQuery = listQuery({
  sortKeys: INQUIRY_SORT_KEYS,
  defaultSort: 'created_at',
  defaultOrder: 'desc',
  defaultLimit: INQUIRY_PAGING.defaultLimit,
  limitKey: 'perPage',
});
export const inquiryListResponse = z.object({ data: z.array(inquirySchema), meta: listMeta });

/** SPEC.md §2: the first 19 characters of the stored time with the T replaced by a space. */
export const inquiryTime = (createdAt: string) => createdAt.slice(0, 19).replace('T', ' ');

/** The Compose link carries the subject (SPEC.md §2 Inquiries). */
export const composeHref = (email: string, subject: string) =>
  `mailto:${encodeURIComponent(email).replace(/%40/g, '@')}?subject=${encodeURIComponent(`Re: ${subject}`)}`;
