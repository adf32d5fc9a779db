import { toApiTime } from '../api/discounts';
import { formatDateTime } from './format';

/** A window open at both ends: a discount's or a price list's. */
const ALWAYS = 'Always';

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * A stored time (ISO, UTC) as a datetime-local input's value, in the viewer's time zone: the
 * same zone the table shows, so what was typed is what is shown back.
 */
export function toLocalInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/**
 * A datetime-local value ('YYYY-MM-DDTHH:MM', local time) as the API takes it: 'YYYY-MM-DD
 * HH:MM:SS' read as UTC (ADR 0005), so the viewer's local time is converted first. Empty is an
 * open end (null); so is text that is no time at all, which the browser's input never produces.
 */
export function localInputToApi(value: string): string | null {
  if (!value.trim()) return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : toApiTime(d.toISOString());
}

/** The Window column: 'Always', 'From …', 'Until …' or 'start – end' (either end may be open). */
export function windowText(startsAt: string | null, endsAt: string | null): string {
  if (!startsAt && !endsAt) return ALWAYS;
  if (!endsAt) return `From ${formatDateTime(startsAt)}`;
  if (!startsAt) return `Until ${formatDateTime(endsAt)}`;
  return `${formatDateTime(startsAt)} – ${formatDateTime(endsAt)}`;
}

/** Whether now lies outside the window, for a hint beside it; null when it is inside. */
export function windowState(startsAt: string | null, endsAt: string | null, now = Date.now()) {
  if (startsAt && new Date(startsAt).getTime() > now) return 'Not started yet';
  if (endsAt && new Date(endsAt).getTime() < now) return 'Ended';
  return null;
}
