/**
 * Dates and times as forms post them: `YYYY-MM-DD` (an `<input type="date">`) and `HH:MM` on the
 * 24-hour clock (an `<input type="time">`). Apart from opening-hours.ts, which every storefront
 * page with the hours loads, so that the admin forms' checks stay with the admin pages.
 */
export const TIME_PATTERN = /^([01]\d|2[0-3]):([0-5]\d)$/;

export const isTime = (value: unknown): value is string =>
  typeof value === "string" && TIME_PATTERN.test(value);

export const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether `value` is a real calendar date written `YYYY-MM-DD`. */
export function isDateString(value: string): boolean {
  const match = DATE_PATTERN.exec(value);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.getUTCFullYear() === Number(match[1]) && date.getUTCDate() === Number(match[3]);
}
