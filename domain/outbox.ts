import { z } from 'zod';
import { positiveIdString } from './fields';
import { listMeta, listQuery } from './paging';

/**
 * Where an outbox message stands:
 * - pending: waiting for its first attempt or its next retry;
 * - sent: the SMTP server accepted it;
 * - failed: given up after the last retry (last_error says why);
 * - stored: no SMTP server is configured, so the outbox is the delivery: kept here to be read.
 */
export const OUTBOX_STATUSES = ['pending', 'sent', 'failed', 'stored'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

const OUTBOX_SORT_KEYS = ['created_at'] as const;

export const OUTBOX_PAGING = { defaultLimit: 20, limits: [10, 20, 50] } as const;

export const OUTBOX_TEXT = {
  adminOnly: 'Only admins can read the outbox',
  notFound: 'Message not found',
  attachmentNotFound: 'Attachment not found',
  retryNotFailed: 'Only a failed message can be retried',
  retryNoServer: 'No mail server is configured (SMTP_URL), so the message cannot be sent',
  statusInvalid: `Status must be one of: ${OUTBOX_STATUSES.join(', ')}`,
  inquiryInvalid: 'inquiry_id must be a positive whole number',
} as const;

export const outboxListQuery = listQuery({
  sortKeys: OUTBOX_SORT_KEYS,
  defaultSort: 'created_at',
  defaultOrder: 'desc',
  defaultLimit: OUTBOX_PAGING.defaultLimit,
  extra: {
    status: z.enum(OUTBOX_STATUSES, { error: OUTBOX_TEXT.statusInvalid }).optional(),
    inquiry_id: z
      .string()
      .regex(/^[1-9]\d{0,8}$/, { error: OUTBOX_TEXT.inquiryInvalid })
      .optional(),
  },
});

const outboxAttachmentSchema = z.object({
  /** The {attachmentId} of the download route. */
  id: z.number(),
  filename: z.string(),
  content_type: z.string(),
  size: z.number(),
});

export const outboxMessageSchema = z.object({
  id: z.number(),
  created_at: z.string(),
  kind: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  status: z.enum(OUTBOX_STATUSES),
  attempts: z.number(),
  last_error: z.string().nullable(),
  /** When a pending message is tried next (a retry after a failed attempt, or its first); null otherwise. */
  next_attempt_at: z.string().nullable(),
  sent_at: z.string().nullable(),
  inquiry_id: z.number().nullable(),
  quote_id: z.number().nullable(),
  attachments: z.array(outboxAttachmentSchema),
});
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;

export const outboxListResponse = z.object({
  data: z.array(outboxMessageSchema),
  total: z.number(),
  meta: listMeta,
});
export type OutboxListResponse = z.infer<typeof outboxListResponse>;

export const outboxIdParams = z.object({ id: positiveIdString('Id') });

/**
 * A message's delivery as the desk shows it next to what caused it (a sent quote): its state, the
 * last error and, while it is pending, the next try.
 */
export const outboxDeliverySchema = z.object({
  outbox_id: z.number(),
  status: z.enum(OUTBOX_STATUSES),
  attempts: z.number(),
  last_error: z.string().nullable(),
  next_attempt_at: z.string().nullable(),
  sent_at: z.string().nullable(),
});
export type OutboxDelivery = z.infer<typeof outboxDeliverySchema>;

export const outboxAttachmentParams = z.object({
  id: positiveIdString('Id'),
  attachmentId: positiveIdString('Attachment id'),
});
