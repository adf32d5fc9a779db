/**
 * The HTTP client lives outside React, the error banner inside it; this tiny hub connects
 * the two without the client importing any UI.
 */
type Listener = (reachable: boolean) => void;

const listeners = new Set<Listener>();
let lastReachable = true;

export function subscribeConnectivity(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function reportConnectivity(reachable: boolean): void {
  // Only changes are interesting; every successful call would otherwise re-render the banner.
  if (reachable === lastReachable) return;
  lastReachable = reachable;
  for (const listener of listeners) listener(reachable);
}
