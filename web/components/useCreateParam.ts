import { useCallback, useEffect, useRef } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';

/** The URL flag that asks a list screen to open its create dialog (the palette's actions, `n`). */
const CREATE_PARAM = 'new';

/**
 * Opens the list's create dialog when the URL carries the flag, then drops the flag (replacing the
 * history entry), so a reload or Back does not open the dialog again.
 */
export function useCreateParam(open: () => void) {
  const [params, setParams] = useSearchParams();
  const flagged = params.has(CREATE_PARAM);
  const openRef = useRef(open);
  openRef.current = open;
  useEffect(() => {
    if (!flagged) return;
    openRef.current();
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(CREATE_PARAM);
        return next;
      },
      { replace: true },
    );
  }, [flagged, setParams]);
}

/**
 * Goes to a list and opens its create dialog. On that list already, its search and filters stay
 * and the history gains no entry; from elsewhere it is a step like any link.
 */
export function useOpenCreate() {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  return useCallback(
    (path: string) => {
      const here = path === pathname;
      const params = new URLSearchParams(here ? search : '');
      params.set(CREATE_PARAM, '1');
      navigate(`${path}?${params}`, { replace: here });
    },
    [navigate, pathname, search],
  );
}
