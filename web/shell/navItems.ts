import {
  IconBuildingStore,
  IconCategory,
  IconDiscount,
  IconHistory,
  IconLayoutDashboard,
  IconMail,
  IconMessages,
  IconPackage,
  IconTrash,
  IconTruckDelivery,
  IconUserCircle,
  IconUsers,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { HISTORY_LIMITS, HISTORY_TEXT } from '#domain/history';

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
  /** The list's create dialog, for the palette's actions and the `n` shortcut. */
  create?: { label: string; adminOnly?: boolean };
  /** Shown to admins only: anyone else would only be refused. */
  adminOnly?: boolean;
};

/** Every entry, in this order, for everyone; then the change log's screens. */
export const NAV_ITEMS: readonly NavItem[] = [
  {
    label: 'Dashboard',
    path: '/',
    description: 'Overview of the back-office.',
    icon: IconLayoutDashboard,
    goKey: 'h',
  },
  {
    label: 'Product Categories',
    path: '/categories',
    description: 'Organise products into a tree of categories.',
    icon: IconCategory,
    goKey: 'c',
    create: { label: 'New category' },
  },
  {
    label: 'Brands',
    path: '/brands',
    description: 'Brands, their logos and descriptions.',
    icon: IconBuildingStore,
    goKey: 'b',
    create: { label: 'New brand' },
  },
  {
    label: 'Products',
    path: '/products',
    description: 'The catalogue: prices, images and content sections.',
    icon: IconPackage,
    alsoActiveUnder: '/product/',
    goKey: 'p',
    create: { label: 'New product' },
  },
  {
    label: 'Discounts',
    path: '/discounts',
    description: 'Percent or amount discounts on products, categories or brands.',
    icon: IconDiscount,
    goKey: 'd',
    create: { label: 'New discount' },
  },
  {
    label: 'Inquiries',
    path: '/inquiries',
    description: 'Quote requests sent by visitors.',
    icon: IconMessages,
    goKey: 'i',
  },
  {
    label: 'Orders',
    path: '/orders',
    description: 'Accepted quotes, from confirmed to shipped and completed.',
    icon: IconTruckDelivery,
    goKey: 'r',
  },
  {
    label: 'Users',
    path: '/users',
    description: 'Admin and editor accounts.',
    icon: IconUsers,
    goKey: 'u',
    create: { label: 'New user', adminOnly: true },
  },
  {
    label: HISTORY_TEXT.trashTitle,
    path: '/trash',
    description: `Deleted items, kept ${HISTORY_LIMITS.trashDays} days to restore.`,
    icon: IconTrash,
    goKey: 't',
  },
  {
    label: HISTORY_TEXT.activityTitle,
    path: '/activity',
    description: 'Who changed what, and when.',
    icon: IconHistory,
    goKey: 'a',
    adminOnly: true,
  },
  {
    label: 'Outbox',
    path: '/outbox',
    description: 'Every e-mail sent or kept, its delivery, and retries.',
    icon: IconMail,
    goKey: 'o',
    adminOnly: true,
  },
  {
    label: 'Profile',
    path: '/profile',
    description: 'Your name, email and password.',
    icon: IconUserCircle,
    goKey: 'm',
  },
];

/** The entries this user is shown. */
export const navItemsFor = (admin: boolean): readonly NavItem[] =>
  admin ? NAV_ITEMS : NAV_ITEMS.filter((item) => !item.adminOnly);

export function isNavItemActive(item: NavItem, pathname: string): boolean {
  if (item.path === '/') return pathname === '/';
  if (item.alsoActiveUnder && pathname.startsWith(item.alsoActiveUnder)) return true;
  return pathname === item.path || pathname.startsWith(`${item.path}/`);
}

/** A screen's one-line description, shared by the dashboard's cards and the screen's own caption. */
export const navDescription = (path: string): string =>
  NAV_ITEMS.find((item) => item.path === path)?.description ?? '';
