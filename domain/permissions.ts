/**
 * Rights: what each permission code allows, and the built-in roles as sets of codes. The server
 * checks these codes on every staff route and field; the web app hides what a user lacks. Imports
 * nothing, so any module (the SPA's permission hook included) can read it without a cycle.
 */

export const PERMISSION_AREAS = [
  'Catalogue',
  'Products',
  'Taxonomy',
  'Import and export',
  'Requests and quotes',
  'Orders',
  'Customers',
  'History and trash',
  'Administration',
] as const;
export type PermissionArea = (typeof PERMISSION_AREAS)[number];

export const PERMISSIONS = [
  {
    code: 'catalogue.read',
    label: 'Read the catalogue',
    description: 'See products, categories, brands, discounts and the dashboard.',
    area: 'Catalogue',
  },
  {
    code: 'product.edit',
    label: 'Edit products',
    description: 'Create, duplicate and edit products: names, descriptions, sections and images.',
    area: 'Products',
  },
  {
    code: 'product.price',
    label: 'Change prices',
    description: "Change a product's list price (MRP) and its own discount.",
    area: 'Products',
  },
  {
    code: 'product.publish',
    label: 'Publish products',
    description: "Change a product's status: publish it to the shop, return it to draft or archive it.",
    area: 'Products',
  },
  {
    code: 'product.delete',
    label: 'Delete products',
    description: 'Move products to the trash, one at a time or in bulk.',
    area: 'Products',
  },
  {
    code: 'translation.edit',
    label: 'Edit translations',
    description:
      "Translate products, their sections and options, categories and brands into the shop's other languages.",
    area: 'Catalogue',
  },
  {
    code: 'category.edit',
    label: 'Edit categories',
    description: 'Create, rename, move, reorder and delete categories.',
    area: 'Taxonomy',
  },
  {
    code: 'brand.edit',
    label: 'Edit brands',
    description: 'Create, edit and delete brands and their logos.',
    area: 'Taxonomy',
  },
  {
    code: 'discount.edit',
    label: 'Edit discounts',
    description: 'Create, edit and delete discounts on brands and categories.',
    area: 'Taxonomy',
  },
  {
    code: 'import.run',
    label: 'Import products',
    description: 'Upload a products CSV and follow its import.',
    area: 'Import and export',
  },
  {
    code: 'export.run',
    label: 'Export lists',
    description: 'Download products, discounts and requests as CSV.',
    area: 'Import and export',
  },
  {
    code: 'inquiry.read',
    label: 'Read requests',
    description: 'See quote requests, their notes and their quotes.',
    area: 'Requests and quotes',
  },
  {
    code: 'inquiry.work',
    label: 'Work requests',
    description: "Change a request's status and owner and add notes.",
    area: 'Requests and quotes',
  },
  {
    code: 'inquiry.delete',
    label: 'Delete requests',
    description: 'Move quote requests, with their quotes and notes, to the trash.',
    area: 'Requests and quotes',
  },
  {
    code: 'quote.edit',
    label: 'Edit quotes',
    description: 'Draft, revise and delete quotes.',
    area: 'Requests and quotes',
  },
  {
    code: 'quote.send',
    label: 'Send quotes',
    description: 'Send a quote to the customer.',
    area: 'Requests and quotes',
  },
  {
    code: 'quote.approve',
    label: 'Approve quotes',
    description:
      'Approve or reject quotes that break an approval rule (a discount or total past its limit), and send such quotes without asking.',
    area: 'Requests and quotes',
  },
  {
    code: 'order.read',
    label: 'Read orders',
    description: 'See orders and their notes.',
    area: 'Orders',
  },
  {
    code: 'order.work',
    label: 'Work orders',
    description: 'Move orders through their states and add notes.',
    area: 'Orders',
  },
  {
    code: 'order.manage',
    label: 'Manage orders',
    description: 'Take an order one step back, with a reason (no e-mail is sent).',
    area: 'Orders',
  },
  {
    code: 'customer.read',
    label: 'Read customers',
    description: 'See customers and companies: their requests, quotes, orders, accepted value and notes.',
    area: 'Customers',
  },
  {
    code: 'customer.edit',
    label: 'Edit customers',
    description: 'Change customers and companies, add notes and merge two customers who are one person.',
    area: 'Customers',
  },
  {
    code: 'pricelist.manage',
    label: 'Manage price lists',
    description:
      "Create and change price lists (agreed prices), their prices and whom they hold for. Quotes still start from a customer's prices without it.",
    area: 'Customers',
  },
  {
    code: 'history.read',
    label: 'Read the history',
    description: 'See the change log (Activity) and what is in the trash.',
    area: 'History and trash',
  },
  {
    code: 'history.restore',
    label: 'Restore from the history',
    description: 'Bring back the fields of an earlier change.',
    area: 'History and trash',
  },
  {
    code: 'trash.restore',
    label: 'Restore from the trash',
    description: 'Put deleted items back with their own ids.',
    area: 'History and trash',
  },
  {
    code: 'trash.purge',
    label: 'Empty the trash',
    description: 'Delete items in the trash for good.',
    area: 'History and trash',
  },
  {
    code: 'user.manage',
    label: 'Manage staff accounts',
    description: 'Create and delete staff accounts, rename them and change their role; see their history.',
    area: 'Administration',
  },
  {
    code: 'role.manage',
    label: 'Manage roles',
    description: 'Create, rename, change and delete roles.',
    area: 'Administration',
  },
  {
    code: 'outbox.read',
    label: 'Read the outbox',
    description: 'See the messages sent to customers and retry a failed one.',
    area: 'Administration',
  },
  {
    code: 'settings.manage',
    label: 'Manage settings',
    description: "Change the shop's settings.",
    area: 'Administration',
  },
] as const satisfies readonly { code: string; label: string; description: string; area: PermissionArea }[];

export type PermissionCode = (typeof PERMISSIONS)[number]['code'];
export const PERMISSION_CODES: readonly PermissionCode[] = PERMISSIONS.map((p) => p.code);

export const isPermissionCode = (value: string): value is PermissionCode =>
  (PERMISSION_CODES as readonly string[]).includes(value);

/**
 * The first of `permissions` that `held` lacks, or undefined when it holds them all. Nobody gives
 * more than they hold: a role for a user, a role's permissions or a token's role must pass here
 * (the server refuses, the web app offers only what passes).
 */
export const firstNotHeld = (
  permissions: readonly string[],
  held: ReadonlySet<string> | readonly string[],
): PermissionCode | undefined => {
  const has = (code: string) => ('has' in held ? held.has(code) : held.includes(code));
  return permissions.filter(isPermissionCode).find((code) => !has(code));
};

/** The rights that together keep the team able to manage itself: someone must always hold both. */
export const ADMIN_RIGHTS = ['user.manage', 'role.manage'] as const satisfies readonly PermissionCode[];

export const BUILT_IN_ROLES = ['admin', 'editor', 'sales', 'viewer'] as const;
export type BuiltInRole = (typeof BUILT_IN_ROLES)[number];

/** What an editor could do before roles existed: everything but staff, outbox, settings and purging. */
const EDITOR: readonly PermissionCode[] = [
  'catalogue.read',
  'product.edit',
  'product.price',
  'product.publish',
  'product.delete',
  'translation.edit',
  'category.edit',
  'brand.edit',
  'discount.edit',
  'import.run',
  'export.run',
  'inquiry.read',
  'inquiry.work',
  'inquiry.delete',
  'quote.edit',
  'quote.send',
  'order.read',
  'order.work',
  'customer.read',
  'customer.edit',
  'history.read',
  'history.restore',
  'trash.restore',
];

/** The built-in roles; migration 0038 seeds the same rows (a test holds the two together). */
export const BUILT_IN_ROLE_PERMISSIONS: Record<
  BuiltInRole,
  { name: string; permissions: readonly PermissionCode[] }
> = {
  admin: { name: 'Admin', permissions: PERMISSION_CODES },
  editor: { name: 'Editor', permissions: EDITOR },
  sales: {
    name: 'Sales',
    permissions: [
      'catalogue.read',
      'export.run',
      'inquiry.read',
      'inquiry.work',
      'quote.edit',
      'quote.send',
      'order.read',
      'order.work',
      'customer.read',
      'customer.edit',
    ],
  },
  viewer: {
    name: 'Viewer',
    permissions: ['catalogue.read', 'inquiry.read', 'order.read', 'customer.read', 'history.read'],
  },
};

/**
 * The permissions each one is useless without: the screen or the route it acts through needs
 * them. A role that holds a permission holds what it needs too: the server adds what a saved
 * role lacks, and the role editor ticks it and says so.
 */
export const PERMISSION_NEEDS: Partial<Record<PermissionCode, readonly PermissionCode[]>> = {
  'product.edit': ['catalogue.read'],
  'product.price': ['product.edit'],
  'product.publish': ['product.edit'],
  'product.delete': ['product.edit'],
  'translation.edit': ['catalogue.read'],
  'category.edit': ['catalogue.read'],
  'brand.edit': ['catalogue.read'],
  'discount.edit': ['catalogue.read'],
  // Checking a file (a dry run) only reads the catalogue; applying one asks product.edit and the
  // rest per column as the file is sent (importApplyRights), so an import-only role can exist.
  'import.run': ['catalogue.read'],
  'inquiry.work': ['inquiry.read'],
  'inquiry.delete': ['inquiry.read'],
  'quote.edit': ['inquiry.read'],
  'quote.send': ['quote.edit'],
  'quote.approve': ['inquiry.read'],
  'order.work': ['order.read'],
  'customer.edit': ['customer.read'],
  'pricelist.manage': ['catalogue.read', 'customer.read'],
  'history.restore': ['history.read'],
  'trash.restore': ['history.read'],
  'trash.purge': ['history.read'],
};

/** The codes with every permission they need, directly or through another, in PERMISSIONS' order. */
export function withNeededPermissions(codes: readonly PermissionCode[]): PermissionCode[] {
  const held = new Set<PermissionCode>();
  const add = (code: PermissionCode) => {
    if (held.has(code)) return;
    held.add(code);
    for (const needed of PERMISSION_NEEDS[code] ?? []) add(needed);
  };
  for (const code of codes) add(code);
  return PERMISSION_CODES.filter((c) => held.has(c));
}

/** The codes that need `code`, directly or through another: what unticking it takes away too. */
export function permissionsNeeding(code: PermissionCode): PermissionCode[] {
  return PERMISSION_CODES.filter((c) => c !== code && withNeededPermissions([c]).includes(code));
}

/** What a route declares: a code, several codes (all needed), or only a signed-in staff member. */
export type RoutePermission = PermissionCode | readonly PermissionCode[] | 'signed-in';

export const PERMISSION_TEXT = {
  forbidden: (label: string) => `You don't have the right to do this: ${label}`,
  noAccess: "You don't have access to this screen",
  undeclared: 'This route declares no permission, so nobody may call it',
  readOnlyPrice: "You can't change prices: your role lacks “Change prices”",
  readOnlyStatus: "You can't change the status: your role lacks “Publish products”",
  readOnlyQuote: 'You can read this draft but not change it: your role lacks “Edit quotes”',
  /** Giving a user a role, or a role a permission, that reaches past the caller's own rights. */
  beyondOwn: (label: string) => `You can't give “${label}”: you don't hold it yourself`,
  /** A role that holds a right the caller lacks is not theirs to change or delete. */
  roleAboveOwn: (label: string) =>
    `You can't change a role that holds “${label}”: you don't hold it yourself`,
  ownRole: "You can't change your own role: ask another person who manages staff accounts",
  ownRoleEdit: "You can't change the role you hold: ask another person who manages roles",
} as const;

export const permissionLabel = (code: PermissionCode): string =>
  PERMISSIONS.find((p) => p.code === code)?.label ?? code;
