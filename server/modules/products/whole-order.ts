import type { OrderMessages } from '#domain/fields';
import { badRequest, notFound } from '../../errors/app-error';

/**
 * A new order of a product's images or sections must name each of its rows (`known`) exactly
 * once. A row of another product, or none at all, is not found, as on the rows' own routes.
 */
export function checkWholeOrder(
  ids: readonly number[],
  known: ReadonlySet<number>,
  messages: OrderMessages & { notFound: string },
) {
  if (ids.some((id) => !known.has(id))) throw notFound(messages.notFound);
  if (new Set(ids).size !== ids.length) throw badRequest(messages.duplicate);
  if (ids.length !== known.size) throw badRequest(messages.incomplete);
}
