import { HISTORY_LIMITS } from '#domain/history';
import { countOf } from '#domain/messages';

/** The screens' own texts for history, Activity and the trash; the shared ones are HISTORY_TEXT. */
export const HISTORY_SCREEN = {
  loadMore: 'Load more',
  retry: 'Try again',
  historyError: 'The history could not be loaded.',
  trashError: 'The trash could not be loaded.',
  purged: (name: string) => `${name} deleted forever`,
  restoreConfirmTitle: 'Restore this version?',
  restoreConfirmText:
    'The product goes back to how it was right after this change: its fields and sections. The restore is recorded as a new change.',
  restoreChecking: 'Checking what this would undo…',
  restoreUndoes: (n: number) => `This also undoes ${countOf(n, 'later change')}:`,
  restoreUndoesNothing: 'No later change is undone.',
  restoreMore: (n: number) => `…and ${n.toLocaleString('en-US')} more`,
  restoreWillSkip: 'Not brought back:',
  currentVersion: 'Current version',
  restoreConfirm: 'Restore',
  nothingChanged: 'Nothing needed restoring: it already matches that version.',
  notRestored: 'Not restored:',
  someone: 'Someone',
  system: 'System',
  activityCaption: 'Every change to the catalogue, the inbox and the accounts: who, when and what.',
  trashCaption: `Deleted products, categories, brands, discounts and quote requests stay here for ${HISTORY_LIMITS.trashDays} days.`,
  adminsOnly: 'Only admins can see the whole activity log.',
  anyone: 'Anyone',
  person: 'Person',
  apiToken: 'API token',
  anyToken: 'Any token',
  /** A token the list does not hold (revoked, or the list is not the reader's to see). */
  tokenNumber: (id: number) => `Token #${id}`,
  allTypes: 'All types',
  /** The one record the list is narrowed to, by its name when an entry gives it. */
  oneRecord: (type: string, name: string | null, id: number) =>
    `Only ${type.toLowerCase()} ${name ? `“${name}”` : `#${id}`}`,
  showAllOfType: (type: string) => `Show every ${type.toLowerCase()}`,
  allActions: 'All actions',
  noMatches: 'No changes match these filters.',
  trashNoMatches: 'Nothing in the trash matches.',
  restore: 'Restore',
  openAll: 'Open Activity',
  latestEmpty: 'No changes yet.',
  batchRows: 'Rows it changed',
} as const;

/** An entity type and an action as people read them. */
export const ENTITY_LABEL: Record<string, string> = {
  product: 'Product',
  category: 'Category',
  brand: 'Brand',
  discount: 'Discount',
  user: 'User',
  role: 'Role',
  inquiry: 'Inquiry',
  quote: 'Quote',
  api_token: 'API token',
  customer: 'Customer',
  company: 'Company',
  price_list: 'Price list',
};

export const ACTION_LABEL: Record<string, string> = {
  create: 'Created',
  update: 'Updated',
  delete: 'Deleted',
  trash: 'Moved to trash',
  restore: 'Restored',
  purge: 'Deleted forever',
  bulk: 'Bulk edit',
  import: 'Import',
  merge: 'Merged',
};
