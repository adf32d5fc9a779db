import { useSearchParams } from 'react-router';
import { positiveInt } from '../urlValues';

/**
 * The chosen entry of a desk, kept in the URL as `selected` beside the list's keys: choosing one
 * keeps the list's page. `replace` swaps the entry (a merged customer's page giving way to its survivor).
 */
export function useSelected() {
  const [searchParams, setSearchParams] = useSearchParams();
  const selectedId = positiveInt(searchParams.get('selected'));
  const select = (id: number | null, how: { replace?: boolean } = {}) =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (id !== null) next.set('selected', String(id));
        else next.delete('selected');
        return next;
      },
      { replace: how.replace },
    );
  return [selectedId, select] as const;
}
