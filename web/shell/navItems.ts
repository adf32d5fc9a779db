import {
  IconAddressBook,
  IconBuildingStore,
  IconCategory,
  IconDiscount,
  IconFileDollar,
  IconHistory,
  IconLayoutDashboard,
  IconMail,
  IconMessages,
  IconPackage,
  IconPlugConnected,
  IconTrash,
  IconTruckDelivery,
  IconUserCircle,
  IconUsers,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { HISTORY_LIMITS, HISTORY_TEXT } from '#domain/history';
import type { PermissionCode } from '#domain/permissions';

export type NavItem = {
  label: string;
  path: string;
  /** One line for the dashboard's section cards. */
  description: string;
  icon: ComponentType<{ size?: number | string; stroke?: number }>;
  /** Other routes that belong to this entry, e.g. a product's page under Products. */
  alsoActiveUnder?: string;
  /** The letter that, after `g`, jumps here (the shortcuts and their sheet read it). */
  goKey: string;
  /** The list's create dialog, for the palette's actions and the `n` shortcut, and the right it needs. */
  create?: { label: string; permission: PermissionCode };
  /** The right the screen needs: without it, it is not shown (the server would only refuse). */
  permission?: PermissionCode;
};

/** Every entry, in this order, for everyone; then the change log's screens. */
export const NAV_ITEMS: readonly NavItem[] = [
  {
    label: 'Dashboard',
    path: '/',
    description: 'Overview of the back-office.',
    icon: IconLayoutDashboard,
    goKey: 'h',
    permission: 'catalogue.read',
  },
  {
    label: 'Product Categories',
    path: '/categories',
    description: 'Organise products into a tree of categories.',
    icon: IconCategory,
    goKey: 'c',
    create: { label: 'New category', permission: 'category.edit' },
    permission: 'catalogue.read',
  },
  {
    label: 'Brands',
    path: '/brands',
    description: 'Brands, their logos and descriptions.',
    icon: IconBuildingStore,
    goKey: 'b',
    create: { label: 'New brand', permission: 'brand.edit' },
    permission: 'catalogue.read',
  },
  {
    label: 'Products',
    path: '/products',
    description: 'The catalogue: prices, images and content sections.',
    icon: IconPackage,
    alsoActiveUnder: '/product/',
    goKey: 'p',
    create: { label: 'New product', permission: 'product.edit' },
    permission: 'catalogue.read',
  },
  {
    label: 'Discounts',
    path: '/discounts',
    description: 'Percent or amount discounts on products, categories or brands.',
    icon: IconDiscount,
    goKey: 'd',
    create: { label: 'New discount', permission: 'discount.edit' },
    permission: 'catalogue.read',
  },
  {
    label: 'Price lists',
    path: '/price-lists',
    description: 'Agreed prices for companies and customers, by quantity and dates.',
    icon: IconFileDollar,
    goKey: 'l',
    create: { label: 'New price list', permission: 'pricelist.manage' },
    permission: 'pricelist.manage',
  },
  {
    label: 'Inquiries',
    path: '/inquiries',
    description: 'Quote requests sent by visitors.',
    icon: IconMessages,
    goKey: 'i',
    permission: 'inquiry.read',
  },
  {
    label: 'Orders',
    path: '/orders',
    description: 'Accepted quotes, from confirmed to shipped and completed.',
    icon: IconTruckDelivery,
    goKey: 'r',
    permission: 'order.read',
  },
  {
    label: 'Customers',
    path: '/customers',
    description: 'Who asks and buys: their requests, quotes, orders and companies.',
    icon: IconAddressBook,
    alsoActiveUnder: '/companies',
    goKey: 'e',
    permission: 'customer.read',
  },
  {
    label: 'Users',
    path: '/users',
    description: 'Staff accounts and their roles.',
    icon: IconUsers,
    goKey: 'u',
    create: { label: 'New user', permission: 'user.manage' },
    permission: 'user.manage',
  },
  {
    label: HISTORY_TEXT.trashTitle,
    path: '/trash',
    description: `Deleted items, kept ${HISTORY_LIMITS.trashDays} days to restore.`,
    icon: IconTrash,
    goKey: 't',
    permission: 'history.read',
  },
  {
    label: HISTORY_TEXT.activityTitle,
    path: '/activity',
    description: 'Who changed what, and when.',
    icon: IconHistory,
    goKey: 'a',
    permission: 'history.read',
  },
  {
    label: 'Outbox',
    path: '/outbox',
    description: 'Every e-mail sent or kept, its delivery, and retries.',
    icon: IconMail,
    goKey: 'o',
    permission: 'outbox.read',
  },
  {
    label: 'Integrations',
    path: '/settings/integrations',
    description: 'API tokens for scripts and ERPs, and signed webhooks.',
    icon: IconPlugConnected,
    goKey: 'k',
    permission: 'settings.manage',
  },
  {
    label: 'Profile',
    path: '/profile',
    description: 'Your name, email and password.',
    icon: IconUserCircle,
    goKey: 'm',
  },
];

/** The entries this user is shown: those whose right it holds. */
export const navItemsFor = (has: (code: PermissionCode) => boolean): readonly NavItem[] =>
  NAV_ITEMS.filter((item) => !item.permission || has(item.permission));

/** The screen a path belongs to, and so the right it needs; undefined for any other path. */
export const navItemFor = (pathname: string): NavItem | undefined =>
  NAV_ITEMS.find((item) => item.path !== '/' && isNavItemActive(item, pathname)) ??
  (pathname === '/' ? NAV_ITEMS[0] : undefined);

export function isNavItemActive(item: NavItem, pathname: string): boolean {
  if (item.path === '/') return pathname === '/';
  if (item.alsoActiveUnder && pathname.startsWith(item.alsoActiveUnder)) return true;
  return pathname === item.path || pathname.startsWith(`${item.path}/`);
}

/** A screen's one-line description, shared by the dashboard's cards and the screen's own caption. */
export const navDescription = (path: string): string =>
  NAV_ITEMS.find((item) => item.path === path)?.description ?? '';
