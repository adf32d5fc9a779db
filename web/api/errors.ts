import axios from 'axios';
import toast from 'react-hot-toast';
import { isSessionEnd } from './client';

/** The server's own `error` text when it sent one (SPEC.md §8), else the screen's fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  if (axios.isAxiosError(error)) {
    const text = (error.response?.data as { error?: unknown } | undefined)?.error;
    if (typeof text === 'string' && text.trim()) return text;
  }
  return fallback;
}

/**
 * `fixed` is for calls whose failure text the spec fixes whatever the server said
 * (SPEC.md §8: category moves always say 'Failed to move up' or 'Failed to move down').
 */
export function toastError(error: unknown, fallback: string, { fixed = false } = {}): void {
  // The page is already on its way to /login; a toast would flash for nothing.
  if (isSessionEnd(error)) return;
  const message = fixed ? fallback : errorMessage(error, fallback);
  // Same id for the same text, so a burst of identical failures shows one toast.
  toast.error(message, { id: message });
}
