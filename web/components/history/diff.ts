import type { EntityType, HistoryEntry } from '#domain/history';
import { HIDDEN_VALUE } from '#domain/history';
import { PRODUCT_STATUS_TEXT } from '#domain/products';
import { formatPrice } from '../../api/currency';
import type { RefKind } from '../../api/history';
import { EMPTY_VALUE, formatDateTime } from '../format';

/**
 * An entry's changes as people read them. A value is either text, or a reference to a category or
 * brand by id, which the screen shows by name (it may have been renamed or deleted since).
 */
export type DiffValue = { text: string } | { ref: RefKind; id: number };
export type DiffLine =
  | { kind: 'field'; key: string; label: string; before: DiffValue; after: DiffValue }
  /** A content section added, removed or changed, named by its title, group name or heading. */
  | { kind: 'section'; key: string; label: string; change: 'added' | 'removed' | 'changed' }
  | { kind: 'note'; key: string; label: string; text: string };

const FIELD_LABELS: Record<string, string> = {
  name: 'Name',
  slug: 'Slug',
  sku: 'SKU',
  description: 'Description',
  brand_id: 'Brand',
  category_id: 'Category',
  parent_id: 'Parent',
  mrp: 'MRP',
  status: 'Status',
  sort_order: 'Sort order',
  image_url: 'Image',
  logo_url: 'Logo',
  type: 'Type',
  value: 'Value',
  applies_to: 'Applies to',
  product_id: 'Product',
  starts_at: 'Starts',
  ends_at: 'Ends',
  active: 'Active',
  email: 'Email',
  role: 'Role',
  password: 'Password',
  token: 'Link token',
  phone: 'Phone',
  subject: 'Subject',
  message: 'Message',
  owner_id: 'Owner',
  tiers: 'Quantity breaks',
  percent: 'Percent off',
  companies: 'Companies',
  customers: 'Customers',
  prices: 'Prices held',
  prices_set: 'Prices set',
};

export function fieldLabel(field: string): string {
  const known = FIELD_LABELS[field];
  if (known) return known;
  const words = field.replace(/_id$/, '').replace(/_/g, ' ').trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : field;
}

const MONEY_FIELDS = new Set(['mrp', 'price', 'unit_price', 'total']);
const DATE_FIELDS = new Set([
  'starts_at',
  'ends_at',
  'valid_until',
  'sent_at',
  'due_at',
  'expired_at',
  'reminded_at',
  'expires_at',
  'revoked_at',
]);
const REF_FIELDS: Record<string, RefKind> = {
  category_id: 'category',
  company_id: 'company',
  merged_into_id: 'customer',
  brand_id: 'brand',
  parent_id: 'category',
};

const text = (t: string): DiffValue => ({ text: t });

/** One logged value, shown the way its field is shown elsewhere in the app. */
export function formatValue(field: string, value: unknown, entityType: EntityType): DiffValue {
  if (value === HIDDEN_VALUE) return text(HIDDEN_VALUE);
  if (value === null || value === undefined || value === '') return text(EMPTY_VALUE);
  const ref = REF_FIELDS[field];
  // A discount's category or a product's: both are categories, and parent_id only means one on categories.
  if (ref && (field !== 'parent_id' || entityType === 'category')) {
    const id = Number(value);
    if (Number.isInteger(id) && id > 0) return { ref, id };
  }
  if (MONEY_FIELDS.has(field)) {
    const amount = Number(value);
    if (Number.isFinite(amount)) return text(formatPrice(amount));
  }
  if (field === 'status' && entityType === 'product') {
    const label = PRODUCT_STATUS_TEXT[value as 'draft' | 'published'];
    if (typeof label === 'string') return text(label);
  }
  if (field === 'active' || typeof value === 'boolean') {
    return text(value === true || value === 1 || value === '1' ? 'Yes' : 'No');
  }
  if (DATE_FIELDS.has(field) && typeof value === 'string') return text(formatDateTime(value));
  if (typeof value === 'string') return text(value);
  if (typeof value === 'number') return text(String(value));
  if (Array.isArray(value)) return text(rowsText(value));
  return text(JSON.stringify(value));
}

/**
 * Rows logged under one field of their parent (a quote's lines, an inquiry's notes, a product's
 * quantity breaks, a price list's companies), each as the screens show it: a line by its quantity,
 * name, SKU and price; a note by its text; a break by its variant, quantity and price; a company or
 * a customer by its name.
 */
function rowsText(rows: unknown[]): string {
  if (rows.length === 0) return EMPTY_VALUE;
  return rows
    .map((row) => {
      if (!row || typeof row !== 'object') return String(row);
      const r = row as Record<string, unknown>;
      if (typeof r.name === 'string' && r.quantity !== undefined) {
        const sku = typeof r.sku === 'string' && r.sku ? ` (${r.sku})` : '';
        const price = Number(r.unit_price);
        const off = Number(r.discount_percent);
        return `${r.quantity} × ${r.name}${sku}${Number.isFinite(price) ? ` at ${formatPrice(price)}` : ''}${
          off > 0 ? `, less ${off} %` : ''
        }`;
      }
      if (typeof r.body === 'string') return r.body;
      // A quantity break: its variant (none for a product without options), from its quantity on.
      if (r.min_quantity !== undefined && r.mrp !== undefined) {
        const variant = typeof r.variant === 'string' && r.variant ? `${r.variant}: ` : '';
        return `${variant}${r.min_quantity}+ at ${formatPrice(Number(r.mrp))}`;
      }
      // A price list's company or customer, by name (#id once gone without one).
      const keys = Object.keys(r);
      if (keys.length === 2 && keys.includes('id') && keys.includes('name'))
        return typeof r.name === 'string' && r.name ? r.name : `#${r.id}`;
      return JSON.stringify(row);
    })
    .join('; ');
}

type Named = { id?: unknown } & Record<string, unknown>;
type SectionsDoc = { lists?: Named[]; specGroups?: Named[]; tables?: Named[]; layout?: unknown };

const SECTION_KINDS = [
  { key: 'lists', noun: 'List', title: 'title' },
  { key: 'specGroups', noun: 'Specs', title: 'name' },
  { key: 'tables', noun: 'Table', title: 'heading' },
] as const;

const asDoc = (v: unknown): SectionsDoc => (v && typeof v === 'object' ? (v as SectionsDoc) : {});
const asList = (v: unknown): Named[] => (Array.isArray(v) ? (v as Named[]) : []);

const blockIds = (layout: unknown): string[] => {
  const blocks = layout && typeof layout === 'object' ? (layout as { blocks?: unknown }).blocks : undefined;
  return asList(blocks).map((b) => String(b?.id ?? JSON.stringify(b)));
};

function isReorder(before: unknown, after: unknown): boolean {
  const a = blockIds(before);
  const b = blockIds(after);
  if (a.length === 0 || a.length !== b.length || a.join() === b.join()) return false;
  return [...a].sort().join() === [...b].sort().join();
}

/** Sections by kind and id: which were added, removed or changed, each by its heading. */
export function sectionLines(before: unknown, after: unknown): DiffLine[] {
  const a = asDoc(before);
  const b = asDoc(after);
  const lines: DiffLine[] = [];
  for (const kind of SECTION_KINDS) {
    const olds = asList(a[kind.key]);
    const news = asList(b[kind.key]);
    const oldById = new Map(olds.map((s) => [String(s.id), s]));
    const newById = new Map(news.map((s) => [String(s.id), s]));
    const name = (s: Named) => {
      const t = s[kind.title];
      return `${kind.noun} “${typeof t === 'string' && t.trim() ? t : EMPTY_VALUE}”`;
    };
    for (const s of olds) {
      const now = newById.get(String(s.id));
      if (!now)
        lines.push({ kind: 'section', key: `${kind.key}-${s.id}`, label: name(s), change: 'removed' });
      else if (JSON.stringify(now) !== JSON.stringify(s)) {
        const renamed = now[kind.title] !== s[kind.title];
        lines.push({
          kind: 'section',
          key: `${kind.key}-${s.id}`,
          label: renamed ? `${name(s)} → “${String(now[kind.title] ?? EMPTY_VALUE)}”` : name(now),
          change: 'changed',
        });
      }
    }
    for (const s of news) {
      if (!oldById.has(String(s.id)))
        lines.push({ kind: 'section', key: `${kind.key}-${s.id}`, label: name(s), change: 'added' });
    }
  }
  // The same blocks in another order; blocks that come and go with a section are said above.
  if (lines.length === 0 && isReorder(a.layout, b.layout)) {
    lines.push({ kind: 'note', key: 'layout', label: 'Sections', text: 'reordered' });
  }
  return lines;
}

const count = (n: number) => `${n} ${n === 1 ? 'image' : 'images'}`;

/** Every line of an entry: its fields in a stable order, then its sections and images. */
export function diffLines(entry: Pick<HistoryEntry, 'entity_type' | 'changes'>): DiffLine[] {
  const lines: DiffLine[] = [];
  const rest: DiffLine[] = [];
  for (const [field, change] of Object.entries(entry.changes)) {
    if (field === 'sections') {
      rest.push(...sectionLines(change.before, change.after));
    } else if (field === 'prices_set') {
      // How many prices a write set: a count of that write, with no before to show.
      rest.push({ kind: 'note', key: field, label: fieldLabel(field), text: String(change.after ?? 0) });
    } else if (field === 'images' && entry.entity_type === 'product') {
      const before = asList(change.before).length;
      const after = asList(change.after).length;
      rest.push(
        before === after
          ? { kind: 'note', key: 'images', label: 'Images', text: 'rearranged or relabelled' }
          : {
              kind: 'field',
              key: 'images',
              label: 'Images',
              before: text(count(before)),
              after: text(count(after)),
            },
      );
    } else {
      lines.push({
        kind: 'field',
        key: field,
        label: fieldLabel(field),
        before: formatValue(field, change.before, entry.entity_type),
        after: formatValue(field, change.after, entry.entity_type),
      });
    }
  }
  return [...lines, ...rest];
}
