import { PERMISSION_CODES, PERMISSION_TEXT, type PermissionCode, permissionLabel } from '#domain/permissions';
import { AppError } from '../errors/app-error';

/** The permission codes a caller holds: a request's user's, or every code for the server's own work. */
export type Rights = ReadonlySet<PermissionCode>;

/** The server's own writes (the CLI, scripts, tests calling a service directly) hold every right. */
export const ALL_RIGHTS: Rights = new Set(PERMISSION_CODES);

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
 * A product write's field-level rights: changing the MRP or the product's own discount needs
 * product.price, changing the status needs product.publish, anything else product.edit. Every
 * path that writes these fields (the editor, bulk actions, imports, restores) asks here.
 */
export type ProductChange = { price?: boolean; status?: boolean; other?: boolean };

export function requireProductRights(rights: Rights, change: ProductChange): void {
  const needed: PermissionCode[] = [];
  if (change.other) needed.push('product.edit');
  if (change.price) needed.push('product.price');
  if (change.status) needed.push('product.publish');
  requireRights(rights, needed);
}
