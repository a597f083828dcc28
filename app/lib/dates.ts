/** Dates and times in Indonesian, in the store's time zone (a setting: WIB, WITA or WIT). */
const formats = new Map<string, Intl.DateTimeFormat>();

export function zoneFormatter(locale: string, timeZone: string, fields: Intl.DateTimeFormatOptions) {
  const key = `${locale}|${timeZone}|${JSON.stringify(fields)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { ...fields, timeZone });
    formats.set(key, format);
  }
  return format;
}

const DATE = { dateStyle: "medium" } as const;
const DATE_TIME = { dateStyle: "medium", timeStyle: "short" } as const;

export const formatDate = (value: Date | string, timeZone: string) =>
  zoneFormatter("id-ID", timeZone, DATE).format(new Date(value));

export const formatDateTime = (value: Date | string, timeZone: string) =>
  zoneFormatter("id-ID", timeZone, DATE_TIME).format(new Date(value));

/** A time as the shop writes it: `18.15`, on the shop's clock. */
export const clockTime = (at: Date, timeZone: string): string =>
  zoneFormatter("en-GB", timeZone, { hour: "2-digit", minute: "2-digit", hourCycle: "h23" })
    .format(at)
    .replace(":", ".");
