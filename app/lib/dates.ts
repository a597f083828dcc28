/** Dates and times in Indonesian, in the store's time zone (a setting: WIB, WITA or WIT). */
const formats = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string, withTime: boolean): Intl.DateTimeFormat {
  const key = `${timeZone}|${withTime}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat("id-ID", {
      dateStyle: "medium",
      ...(withTime ? { timeStyle: "short" } : {}),
      timeZone,
    });
    formats.set(key, format);
  }
  return format;
}

/** `25 Nov 2026`. */
export const formatDate = (value: Date | string, timeZone: string) =>
  formatter(timeZone, false).format(new Date(value));

/** `25 Nov 2026, 19.30`. */
export const formatDateTime = (value: Date | string, timeZone: string) =>
  formatter(timeZone, true).format(new Date(value));
