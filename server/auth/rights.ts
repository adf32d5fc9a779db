import {
  firstNotHeld,
  PERMISSION_CODES,
  PERMISSION_TEXT,
  type PermissionCode,
  permissionLabel,
} from '#domain/permissions';
import { AppError } from '../errors/app-error';

/** The permission codes a caller holds: a request's user's, or every code for the server's own work. */
export type Rights = ReadonlySet<PermissionCode>;

/** The server's own writes (the CLI, scripts, tests calling a service directly) hold every right. */
export const ALL_RIGHTS: Rights = new Set(PERMISSION_CODES);

/**
 * Who changes who holds which rights (a user's role, a role's permissions): the person, their
 * role's key and the rights they hold now. Nobody gives more than they hold.
 */
export type Grantor = { id: number | null; role: string | null; rights: Rights };

/** The server's own work (the CLI, the first admin, scripts): nobody in particular, every right. */
export const SERVER_GRANTOR: Grantor = { id: null, role: null, rights: ALL_RIGHTS };

/** The 403 for a missing permission: which one, and what it allows. */
function forbidden(code: PermissionCode): AppError {
  return new AppError(403, PERMISSION_TEXT.forbidden(permissionLabel(code)), undefined, undefined, code);
}

/** Throws the 403 of the first of `codes` the caller lacks. */
export function requireRights(rights: Rights, codes: readonly PermissionCode[]): void {
  const missing = codes.find((code) => !rights.has(code));
  if (missing) throw forbidden(missing);
}

/**
 * Throws a 403 naming the first of `permissions` the caller lacks, worded by `text` (and under
 * `field` in details, for the form that sent it).
 */
export function requireHeld(
  rights: Rights,
  permissions: readonly string[],
  text: (label: string) => string,
  field?: string,
): void {
  const code = firstNotHeld(permissions, rights);
  if (code === undefined) return;
  const message = text(permissionLabel(code));
  throw new AppError(403, message, field ? { [field]: message } : undefined, undefined, code);
}

/**
 * A product write's field-level rights: changing the MRP or the product's own discount needs
 * product.price, changing the status needs product.publish, anything else product.edit. Every
 * path that writes these fields (the editor, bulk actions, restores) asks here; an import asks
 * the same of its columns before it runs (importApplyRights in domain/imports.ts).
 */
export type ProductChange = { price?: boolean; status?: boolean; other?: boolean };

export function requireProductRights(rights: Rights, change: ProductChange): void {
  const needed: PermissionCode[] = [];
  if (change.other) needed.push('product.edit');
  if (change.price) needed.push('product.price');
  if (change.status) needed.push('product.publish');
  requireRights(rights, needed);
}
