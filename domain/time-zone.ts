/**
 * Calendar days in the seller's time zone (TIMEZONE, an IANA zone; default UTC). Staff type and
 * read days (a quote's valid_until, a list's from and to, "this month"), and a day means that
 * day's wall clock where the seller is: these turn such a day into the instants it spans.
 */

/** How far the wall clock in `timeZone` is ahead of UTC at the instant `at` (ms since the epoch). */
function zoneOffsetMs(at: number, timeZone: string) {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(new Date(at));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const wall = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return wall - Math.floor(at / 1000) * 1000;
}

/**
 * The instant a calendar day (YYYY-MM-DD) begins in `timeZone`: its midnight there (2026-03-11 in
 * Pacific/Auckland: 2026-03-10T11:00Z). The offset is looked up twice, so a day whose offset
 * changes (daylight saving) still lands on the local midnight.
 */
export function dayStartIn(day: string, timeZone = 'UTC'): Date {
  const [y, m, d] = day.split('-').map(Number);
  const wallMidnight = Date.UTC(y, m - 1, d);
  const first = wallMidnight - zoneOffsetMs(wallMidnight, timeZone);
  return new Date(wallMidnight - zoneOffsetMs(first, timeZone));
}

/** The instant a calendar day ends in `timeZone` (exclusive): the next day's midnight there. */
export function dayEndIn(day: string, timeZone = 'UTC'): Date {
  const [y, m, d] = day.split('-').map(Number);
  return dayStartIn(new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10), timeZone);
}

/** Today's date (YYYY-MM-DD) in `timeZone`. */
export const todayIn = (timeZone = 'UTC', now = new Date()) =>
  new Date(now.getTime() + zoneOffsetMs(now.getTime(), timeZone)).toISOString().slice(0, 10);

/** The last `count` calendar days (YYYY-MM-DD) in `timeZone`, oldest first, today the last. */
export function lastDaysIn(count: number, timeZone = 'UTC', now = new Date()): string[] {
  const [y, m, d] = todayIn(timeZone, now).split('-').map(Number);
  return Array.from({ length: count }, (_, i) =>
    new Date(Date.UTC(y, m - 1, d - count + 1 + i)).toISOString().slice(0, 10),
  );
}

/** The instant the calendar month of `now` began in `timeZone`: its first day's midnight there. */
export const monthStartIn = (timeZone = 'UTC', now = new Date()) =>
  dayStartIn(`${todayIn(timeZone, now).slice(0, 7)}-01`, timeZone);

/** Whether `timeZone` is an IANA zone this runtime knows (TIMEZONE is checked with it at start). */
export function isTimeZone(timeZone: string) {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}
