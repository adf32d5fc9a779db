import axios from 'axios';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { isSessionEnd } from './client';

/** The request was answered with one of these statuses (a network failure has none). */
export function hasStatus(error: unknown, ...statuses: number[]): boolean {
  return axios.isAxiosError(error) && statuses.includes(error.response?.status ?? 0);
}

/** The server answered 404: the thing asked for is not there (or no longer). */
export const isNotFound = (error: unknown): boolean => hasStatus(error, 404);

/** The server's own `error` text when it sent one, else the screen's fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  if (axios.isAxiosError(error)) {
    const text = (error.response?.data as { error?: unknown } | undefined)?.error;
    if (typeof text === 'string' && text.trim()) return text;
  }
  return fallback;
}

/**
 * `fixed` is for calls whose failure text stays the same whatever the server said
 * (category moves always say 'Failed to move up' or 'Failed to move down').
 */
export function toastError(error: unknown, fallback: string, { fixed = false } = {}): void {
  // The page is already on its way to /login; a toast would flash for nothing.
  if (isSessionEnd(error)) return;
  const message = fixed ? fallback : errorMessage(error, fallback);
  // Same id for the same text, so a burst of identical failures shows one toast.
  toast.error(message, { id: message });
}

/**
 * The server's per-field messages of a 4xx (`details: { field: message }`, README "API"), so a form
 * can show each one under its input; {} for anything else.
 */
export function fieldErrors(error: unknown): Record<string, string> {
  if (!axios.isAxiosError(error)) return {};
  const details = (error.response?.data as { details?: unknown } | undefined)?.details;
  if (!details || typeof details !== 'object') return {};
  const out: Record<string, string> = {};
  for (const [field, message] of Object.entries(details)) {
    if (typeof message === 'string' && message.trim()) out[field] = message;
  }
  return out;
}

/**
 * The field messages of a form's last failed save, each dropped once its field is edited (the
 * message describes a value that is no longer there). `error` is the mutation's error.
 */
export function useFieldErrors(error: unknown) {
  const [cleared, setEdited] = useState<{ source: unknown; fields: readonly string[] }>({
    source: null,
    fields: [],
  });
  const all = fieldErrors(error);
  const gone = cleared.source === error ? cleared.fields : [];
  const edited = (...fields: string[]) => {
    if (fields.some((f) => all[f] && !gone.includes(f)))
      setEdited({ source: error, fields: [...gone, ...fields] });
  };
  return {
    /** The server's message for a field, or undefined (an input's `error` prop takes it as is). */
    of: (...fields: string[]): string | undefined => {
      for (const field of fields) if (!gone.includes(field) && all[field]) return all[field];
      return undefined;
    },
    /** The user changed this field: its message goes. */
    edited,
    /** A field's setter that also drops the field's message. */
    track:
      <T>(field: string, set: (value: T) => void) =>
      (value: T) => {
        edited(field);
        set(value);
      },
  };
}
