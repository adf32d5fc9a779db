import type { EntityType } from '#domain/history';

/**
 * Addresses of the Activity screen filtered for other screens' links, in the form its URL state
 * reads (web/pages/activity/urlState.ts).
 */

/** The changes made with one API token. */
export const activityOfToken = (tokenId: number) => `/activity?token=${tokenId}`;

/** The changes of one record: a customer, a company, a product. */
export const activityOf = (type: EntityType, id: number) => `/activity?type=${type}&entity=${id}`;
