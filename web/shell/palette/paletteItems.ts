import type { Brand } from '#domain/brands';
import type { Category } from '#domain/categories';
import { TEXT_LIMITS } from '#domain/constants';
import type { Company, Customer } from '#domain/customers';
import type { Inquiry } from '#domain/inquiries';
import type { PermissionCode } from '#domain/permissions';
import type { ProductListItem } from '#domain/products';
import type { User } from '#domain/users';
import { INQUIRY_URL_DEFAULTS, writeInquiryUrl } from '../../components/inquiry/urlState';
import { NAV_ITEMS, navItemsFor } from '../navItems';

/** One line of the palette: where it goes, or which list's create dialog it opens. */
export type PaletteItem = {
  id: string;
  label: string;
  description?: string;
  /** The screen's path whose icon the line shows. */
  iconPath: string;
  to: string;
  /** Open the create dialog of the list at `to` rather than just going there. */
  create?: boolean;
};

export type PaletteGroup = { label: string; items: PaletteItem[] };

/** Every word typed appears somewhere in the texts: "add prod" finds "New product". */
export function matchesQuery(query: string, ...texts: string[]): boolean {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  const haystack = texts.join(' ').toLowerCase();
  return words.every((word) => haystack.includes(word));
}

type Has = (code: PermissionCode) => boolean;

export function screenItems(query: string, has: Has): PaletteItem[] {
  return navItemsFor(has)
    .filter((item) => matchesQuery(query, item.label))
    .map((item) => ({
      id: `screen:${item.path}`,
      label: item.label,
      description: item.description,
      iconPath: item.path,
      to: item.path,
    }));
}

export function actionItems(query: string, has: Has): PaletteItem[] {
  return NAV_ITEMS.flatMap((item) =>
    item.create &&
    has(item.create.permission) &&
    matchesQuery(query, item.create.label, 'add create', item.label)
      ? [
          {
            id: `create:${item.path}`,
            label: item.create.label,
            description: `Open the Add dialog on ${item.label}`,
            iconPath: item.path,
            to: item.path,
            create: true,
          },
        ]
      : [],
  );
}

/** A list screen with its search box set to this text. */
const listWithSearch = (path: string, text: string) =>
  `${path}?${new URLSearchParams({ q: text.slice(0, TEXT_LIMITS.search) })}`;

const joined = (...parts: (string | null | undefined)[]) => parts.filter(Boolean).join(' · ') || undefined;

export const productItem = (p: ProductListItem): PaletteItem => ({
  id: `product:${p.id}`,
  label: p.name,
  description: joined(p.category, p.brand, p.status),
  iconPath: '/products',
  to: `/product/${encodeURIComponent(p.slug)}`,
});

export const categoryItem = (c: Category): PaletteItem => ({
  id: `category:${c.id}`,
  label: c.name,
  description: joined(c.parent_name && `in ${c.parent_name}`, c.slug),
  iconPath: '/categories',
  to: listWithSearch('/categories', c.name),
});

export const brandItem = (b: Brand): PaletteItem => ({
  id: `brand:${b.id}`,
  label: b.name,
  description: b.slug,
  iconPath: '/brands',
  to: listWithSearch('/brands', b.name),
});

/** The inbox, searched for what was typed, with this request open in its pane. */
export const inquiryItem = (i: Inquiry, query: string): PaletteItem => ({
  id: `inquiry:${i.id}`,
  label: `${i.reference} · ${i.name}`,
  description: joined(i.company, i.subject, i.email),
  iconPath: '/inquiries',
  to: `/inquiries?${writeInquiryUrl({ ...INQUIRY_URL_DEFAULTS, q: query, selected: i.id })}`,
});

/** A user, described by its e-mail and its role's name (`roleName` reads it from its key). */
export const userItem = (u: User, roleName: (key: string) => string): PaletteItem => ({
  id: `user:${u.id}`,
  label: u.name,
  description: joined(u.email, roleName(u.role)),
  iconPath: '/users',
  to: listWithSearch('/users', u.email),
});

/** The Customers screen, searched for what was typed, with this customer open in its pane. */
export const customerItem = (c: Customer, query: string): PaletteItem => ({
  id: `customer:${c.id}`,
  label: c.name,
  description: joined(c.company?.name, c.email, c.phone),
  iconPath: '/customers',
  to: `/customers?${new URLSearchParams({ q: query.slice(0, TEXT_LIMITS.search), selected: String(c.id) })}`,
});

/** The Companies view, searched for what was typed, with this company open in its pane. */
export const companyItem = (c: Company, query: string): PaletteItem => ({
  id: `company:${c.id}`,
  label: c.name,
  description: joined(c.website, c.phone),
  iconPath: '/customers',
  to: `/companies?${new URLSearchParams({ q: query.slice(0, TEXT_LIMITS.search), selected: String(c.id) })}`,
});
