import {
  IconBuildingStore,
  IconCategory,
  IconDiscount,
  IconLayoutDashboard,
  IconMessages,
  IconPackage,
  IconUserCircle,
  IconUsers,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';

export type NavItem = {
  label: string;
  path: string;
  /** One line for the dashboard's section cards. */
  description: string;
  icon: ComponentType<{ size?: number | string; stroke?: number }>;
  /** Other routes that belong to this entry, e.g. a product's page under Products. */
  alsoActiveUnder?: string;
};

/** SPEC.md §2: every entry, in this order, for everyone. */
export const NAV_ITEMS: readonly NavItem[] = [
  { label: 'Dashboard', path: '/', description: 'Overview of the back-office.', icon: IconLayoutDashboard },
  {
    label: 'Product Categories',
    path: '/categories',
    description: 'Organise products into a tree of categories.',
    icon: IconCategory,
  },
  {
    label: 'Brands',
    path: '/brands',
    description: 'Brands, their logos and descriptions.',
    icon: IconBuildingStore,
  },
  {
    label: 'Products',
    path: '/products',
    description: 'The catalogue: prices, images and content sections.',
    icon: IconPackage,
    alsoActiveUnder: '/product/',
  },
  {
    label: 'Discounts',
    path: '/discounts',
    description: 'Percent or amount discounts on products, categories or brands.',
    icon: IconDiscount,
  },
  {
    label: 'Inquiries',
    path: '/inquiries',
    description: 'Quote requests sent by visitors.',
    icon: IconMessages,
  },
  { label: 'Users', path: '/users', description: 'Admin and editor accounts.', icon: IconUsers },
  { label: 'Profile', path: '/profile', description: 'Your name, email and password.', icon: IconUserCircle },
];

export function isNavItemActive(item: NavItem, pathname: string): boolean {
  if (item.path === '/') return pathname === '/';
  if (item.alsoActiveUnder && pathname.startsWith(item.alsoActiveUnder)) return true;
  return pathname === item.path || pathname.startsWith(`${item.path}/`);
}

/** A screen's one-line description, shared by the dashboard's cards and the screen's own caption. */
export const navDescription = (path: string): string =>
  NAV_ITEMS.find((item) => item.path === path)?.description ?? '';
