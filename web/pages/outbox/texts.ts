/** The Outbox screens' words (the states' own names are DELIVERY_TEXT's, shared with the desk). */
export const OUTBOX_SCREEN = {
  title: 'Outbox',
  caption: 'Every e-mail the application wrote, and what became of it.',
  adminsOnly: 'The outbox holds customers’ e-mail; only admins can read it.',
  status: 'Status',
  allStatuses: 'All',
  requestFilter: (reference: string) => `Request ${reference}`,
  clearRequest: 'Show every request’s messages',
  columns: ['Status', 'Subject', 'To', 'Created', 'Attempts'] as const,
  empty: 'No e-mail yet.',
  noMatches: 'No message matches these filters.',
  loadFailed: 'The outbox could not be loaded.',
  tryAgain: 'Try again',
  retry: 'Retry',
  retryName: (subject: string) => `Retry: ${subject}`,
  retried: 'Message queued to be sent again',
  back: 'Back to the outbox',
  notFound: 'This message is not in the outbox.',
  messageFailed: 'The message could not be loaded.',
  to: 'To',
  created: 'Created',
  kind: 'About',
  attempts: 'Attempts',
  lastError: 'Last error',
  nextTry: 'Next try',
  sentAt: 'Sent',
  request: 'Request',
  quote: 'Quote',
  openQuote: 'Open the quote',
  body: 'Message',
  attachments: 'Attachments',
  noAttachments: 'No attachments.',
  download: (filename: string) => `Download ${filename}`,
  dueNow: 'now',
  kinds: {
    request_arrived: 'A new request (to staff)',
    quote_sent: 'A quote (to the customer)',
    quote_answered: 'The customer’s answer (to staff)',
    quote_approval: 'A quote to approve (to approvers)',
  } as Record<string, string>,
} as const;

/** A size as people read it. */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
