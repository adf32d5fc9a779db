import type { InquirySortKey } from '#domain/inquiries';

export const INQUIRY_SORT_LABELS: Record<InquirySortKey, string> = {
  created_at: 'Created',
  name: 'Name',
  email: 'Email',
};

/** Texts of this screen only; those shared with the server live in domain/inquiries.ts (INQUIRY_TEXT). */
export const INQUIRY_SCREEN = {
  empty: 'No inquiries found.',
  failed: 'Inquiries could not be loaded.',
  noneSelected: 'Choose an inquiry from the list to read it.',
  back: 'Back to list',
  /** What the inbox's search finds a request by (the server's searchOf). */
  searchPlaceholder: 'Reference, company, name, email, phone, SKU',
} as const;
