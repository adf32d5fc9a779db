import { useEffect, useLayoutEffect } from 'react';
import { useMatches } from 'react-router';
import { documentTitle } from './texts';

/** A route's `handle`: its screen name for the tab title. */
type RouteHandle = { title?: string };

/**
 * Sets the tab title from the deepest matched route's `handle.title`. A layout effect, so it runs
 * before any screen's useDocumentTitle (plain effects), which may then say something more precise.
 */
export function useRouteTitle() {
  const matches = useMatches();
  const title = matches
    .map((m) => (m.handle as RouteHandle | undefined)?.title)
    .filter(Boolean)
    .at(-1);
  useLayoutEffect(() => {
    document.title = documentTitle(title);
  }, [title]);
}

/** A screen that knows better than its route (a product's name) names the tab itself. */
export function useDocumentTitle(text: string | undefined) {
  useEffect(() => {
    if (text) document.title = documentTitle(text);
  }, [text]);
}
