import {
  CHANGE_ACTIONS,
  type ChangeAction,
  ENTITY_TYPES,
  type EntityType,
  HISTORY_LIMITS,
} from '#domain/history';
import type { HistoryFilters } from '../../api/keys';
import { isDay, oneOf, positiveInt } from '../../components/urlValues';

/**
 * The Activity screen as a URL: its filters and page, so a reload, Back and a shared link show the
 * same log. Defaults are left out of the URL.
 */
export type ActivityUrlState = {
  actor: number | null;
  /** The API token the changes were made with. */
  token: number | null;
  type: EntityType | null;
  /** One record of that type (a customer's changes, from its page); only with a type. */
  entity: number | null;
  action: ChangeAction | null;
  from: string | null;
  to: string | null;
  page: number;
};

export const ACTIVITY_URL_DEFAULTS: ActivityUrlState = {
  actor: null,
  token: null,
  type: null,
  entity: null,
  action: null,
  from: null,
  to: null,
  page: 1,
};

export const ACTIVITY_PAGE_SIZE = HISTORY_LIMITS.defaultLimit;

/** What the URL says, each value checked; anything unknown or malformed falls back to its default. */
export function readActivityUrl(params: URLSearchParams): ActivityUrlState {
  const from = params.get('from');
  const to = params.get('to');
  const state: ActivityUrlState = {
    actor: positiveInt(params.get('actor')),
    token: positiveInt(params.get('token')),
    type: oneOf(ENTITY_TYPES, params.get('type')),
    entity: positiveInt(params.get('entity')),
    action: oneOf(CHANGE_ACTIONS, params.get('action')),
    from: isDay(from) ? from : null,
    to: isDay(to) ? to : null,
    page: positiveInt(params.get('page')) ?? 1,
  };
  // A range backwards would only earn a 400: the end is dropped instead.
  if (state.from && state.to && state.from > state.to) state.to = null;
  // A record is named by its type and id; an id alone would only earn a 400.
  if (state.type === null) state.entity = null;
  return state;
}

/** The URL's query for a state: only what differs from the defaults, in a stable order. */
export function writeActivityUrl(state: ActivityUrlState): URLSearchParams {
  const out = new URLSearchParams();
  if (state.actor !== null) out.set('actor', String(state.actor));
  if (state.token !== null) out.set('token', String(state.token));
  if (state.type) out.set('type', state.type);
  if (state.type && state.entity !== null) out.set('entity', String(state.entity));
  if (state.action) out.set('action', state.action);
  if (state.from) out.set('from', state.from);
  if (state.to) out.set('to', state.to);
  if (state.page !== 1) out.set('page', String(state.page));
  return out;
}

/** A change of filter starts again at page 1; another type lets go of the one record. */
export function changeActivityUrl(
  state: ActivityUrlState,
  change: Partial<ActivityUrlState>,
): ActivityUrlState {
  const next = { ...state, ...change };
  if (change.type !== undefined && change.type !== state.type && change.entity === undefined)
    next.entity = null;
  return change.page === undefined ? { ...next, page: 1 } : next;
}

/** The filters as GET /api/history and its CSV export take them. */
export function historyFilters(state: ActivityUrlState): HistoryFilters {
  return {
    actor_id: state.actor ?? undefined,
    token_id: state.token ?? undefined,
    entity_type: state.type ?? undefined,
    entity_id: state.type ? (state.entity ?? undefined) : undefined,
    action: state.action ?? undefined,
    from: state.from ?? undefined,
    to: state.to ?? undefined,
  };
}
