import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigationType } from 'react-router';
import type { Inquiry } from '#domain/inquiries';
import type { InquiryTableQuery } from './useInquiryTableQuery';

/**
 * After a (re)load the selection stays if the inquiry is still listed,
 * otherwise the first one is selected, or none when the list is empty.
 */
function keptSelection(items: readonly Inquiry[], selectedId: number | null): number | null {
  return items.some((i) => i.id === selectedId) ? selectedId : (items[0]?.id ?? null);
}

/**
 * The request on the right, and on a narrow screen whether its pane is open: there the list and
 * the pane take turns, and a link that names a request opens its pane.
 */
export function useInquirySelection({
  state,
  items,
  update,
  correctRef,
}: Pick<InquiryTableQuery, 'state' | 'items' | 'update' | 'correctRef'>) {
  const [reading, setReading] = useState(() => state.selected !== null);
  // Opening a request is a step in the history with the pane open, so on a phone the browser's
  // Back returns to the list; moving through the history shows what that entry showed.
  const location = useLocation();
  const navigationType = useNavigationType();
  const firstKey = useRef(location.key);
  useEffect(() => {
    if (navigationType === 'POP' && location.key !== firstKey.current) {
      setReading(!!(location.state as { reading?: boolean } | null)?.reading);
    }
  }, [location.key, location.state, navigationType]);

  const keptId = items ? keptSelection(items, state.selected) : state.selected;
  useEffect(() => {
    if (items && keptId !== state.selected) correctRef.current(() => ({ selected: keptId }));
  }, [items, keptId, state.selected, correctRef]);

  return {
    keptId,
    selected: items?.find((i) => i.id === keptId) ?? null,
    reading,
    setReading,
    select: (inquiry: Inquiry) => {
      update({ selected: inquiry.id }, false, { reading: true });
      setReading(true);
    },
  };
}
