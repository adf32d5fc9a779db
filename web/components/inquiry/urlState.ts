import type { SortOrder } from '#domain/constants';
import {
  INQUIRY_PAGING,
  INQUIRY_SORT_KEYS,
  INQUIRY_STATUSES,
  type InquirySortKey,
  type InquiryStatus,
} from '#domain/inquiries';
import type { InquiryListParams } from '../../api/keys';
import { isDay, oneOf, positiveInt } from '../urlValues';

/**
 * The inbox as a URL: the usual list controls, the desk's filters and the chosen request, so a
 * reload, Back and a shared link all show the same inbox. Defaults are left out of the URL.
 */
export type InquiryUrlState = InquiryListParams & { selected: number | null };

export const INQUIRY_URL_DEFAULTS: InquiryUrlState = {
  q: '',
  page: 1,
  limit: INQUIRY_PAGING.defaultLimit,
  sortBy: 'created_at',
  order: 'desc',
  status: null,
  owner: null,
  from: null,
  to: null,
  approval: null,
  selected: null,
};

/** What the URL says, each value checked; anything unknown or malformed falls back to its default. */
export function readInquiryUrl(params: URLSearchParams): InquiryUrlState {
  const d = INQUIRY_URL_DEFAULTS;
  const limit = positiveInt(params.get('perPage'));
  const owner = params.get('owner');
  return {
    q: (params.get('q') ?? '').trim(),
    page: positiveInt(params.get('page')) ?? d.page,
    limit: limit !== null && (INQUIRY_PAGING.options as readonly number[]).includes(limit) ? limit : d.limit,
    sortBy: oneOf<InquirySortKey>(INQUIRY_SORT_KEYS, params.get('sortBy')) ?? d.sortBy,
    order: oneOf<SortOrder>(['asc', 'desc'], params.get('order')) ?? d.order,
    status: oneOf<InquiryStatus>(INQUIRY_STATUSES, params.get('status')),
    owner: owner === 'me' || owner === 'nobody' || positiveInt(owner) !== null ? owner : null,
    from: isDay(params.get('from')) ? params.get('from') : null,
    to: isDay(params.get('to')) ? params.get('to') : null,
    approval: params.get('approval') === 'pending' ? 'pending' : null,
    selected: positiveInt(params.get('selected')),
  };
}

/** The URL's query for a state: only what differs from the defaults, in a stable order. */
export function writeInquiryUrl(state: InquiryUrlState): URLSearchParams {
  const d = INQUIRY_URL_DEFAULTS;
  const out = new URLSearchParams();
  const set = (key: string, value: string | number | null, fallback: string | number | null) => {
    if (value !== null && value !== '' && value !== fallback) out.set(key, String(value));
  };
  set('q', state.q.trim(), d.q);
  set('status', state.status, null);
  set('owner', state.owner, null);
  set('from', state.from, null);
  set('to', state.to, null);
  set('approval', state.approval, null);
  set('sortBy', state.sortBy, d.sortBy);
  set('order', state.order, d.order);
  set('perPage', state.limit, d.limit);
  set('page', state.page, d.page);
  set('selected', state.selected, null);
  return out;
}

/**
 * A change to the inbox: any change other than the page or the selection starts again at page 1
 * (as the other lists do).
 */
export function changeInquiryUrl(state: InquiryUrlState, change: Partial<InquiryUrlState>): InquiryUrlState {
  const next = { ...state, ...change };
  const resets = Object.keys(change).some((k) => k !== 'page' && k !== 'selected');
  return resets && change.page === undefined ? { ...next, page: 1 } : next;
}

/** The list's own parameters, without the selection. */
export const listParams = ({ selected: _selected, ...params }: InquiryUrlState): InquiryListParams => params;
