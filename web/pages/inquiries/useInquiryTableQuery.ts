import { useRef } from 'react';
import { useSearchParams } from 'react-router';
import { pageCount } from '#domain/paging';
import { useInquiries } from '../../api/inquiries';
import {
  changeInquiryUrl,
  type InquiryUrlState,
  listParams,
  readInquiryUrl,
  writeInquiryUrl,
} from '../../components/inquiry/urlState';
import { useKeepPageInRange } from '../../components/useListState';

const INBOX_PATH = '/inquiries';

type Change = (state: InquiryUrlState) => Partial<InquiryUrlState>;

/**
 * The inbox as the URL shapes it (urlState.ts), so reload and Back restore it, and the server's
 * answer: the rows, how many match, how many pages that makes. `update` is a step the user takes
 * (Back undoes it); `correct` is one the page makes by itself, which replaces the URL's entry.
 */
export function useInquiryTableQuery() {
  const [searchParams, setSearchParams] = useSearchParams();
  const state = readInquiryUrl(searchParams);
  const params = listParams(state);
  const inquiries = useInquiries(params);

  // The query last asked for: a step and a correction close together (a status chosen just as the
  // list's answer corrects the selection) each build on the other, not on the render they were
  // made in, which would drop the one before. A new location from elsewhere (Back, a link) resets it.
  const shown = useRef(searchParams);
  const latest = useRef(searchParams);
  if (shown.current !== searchParams) {
    shown.current = searchParams;
    latest.current = searchParams;
  }
  const go = (change: Change, replace: boolean, state?: object) => {
    const current = readInquiryUrl(latest.current);
    latest.current = writeInquiryUrl(changeInquiryUrl(current, change(current)));
    setSearchParams(latest.current, { replace, state });
  };

  /** Steps the user takes go into the history (Back undoes them); corrections replace the entry. */
  const update = (change: Partial<InquiryUrlState>, replace = false, state?: { reading: boolean }) =>
    go(() => change, replace, state);

  /**
   * A correction the page makes by itself (the typed search once typing pauses, the selection the
   * spec keeps, a page past the last): it replaces the URL's entry. React Router resolves it
   * against the location at the moment it runs, so one left over while a link to another screen
   * is under way would carry the inbox's query there; it is dropped unless the inbox is still
   * the address.
   */
  const correct = (change: Change) => {
    if (window.location.pathname !== INBOX_PATH) return;
    go(change, true);
  };
  const correctRef = useRef(correct);
  correctRef.current = correct;

  const total = inquiries.data?.meta.total ?? 0;
  const pages = pageCount(total, params.limit);
  useKeepPageInRange(params.page, pages, !!inquiries.data, (page) => correctRef.current(() => ({ page })));

  return { state, params, inquiries, items: inquiries.data?.data, total, pages, update, correctRef };
}

export type InquiryTableQuery = ReturnType<typeof useInquiryTableQuery>;
