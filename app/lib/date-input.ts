// Apart from opening-hours.ts, which storefront pages load, so admin forms' checks stay with admin pages.
export const TIME_PATTERN = /^([01]\d|2[0-3]):([0-5]\d)$/;

export const isTime = (value: unknown): value is string =>
  typeof value === "string" && TIME_PATTERN.test(value);

export const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

export function isDateString(value: string): boolean {
  const match = DATE_PATTERN.exec(value);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.getUTCFullYear() === Number(match[1]) && date.getUTCDate() === Number(match[3]);
}
