/**
 * Times as the shop writes them, in the store's time zone: `18.15`, `Senin, 30 Nov, 18.15`. Pure
 * and dependency-free, so the pages that only show times do not load the slot rules.
 */
const timeFormatters = new Map<string, Intl.DateTimeFormat>();

/** `18.15` in the store's time zone. */
export function clockTime(at: Date, timezone: string): string {
  let formatter = timeFormatters.get(timezone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-GB", {
      timeZone: timezone,
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    });
    timeFormatters.set(timezone, formatter);
  }
  return formatter.format(at).replace(":", ".");
}

const dateFormatters = new Map<string, Intl.DateTimeFormat>();

/** `Senin, 30 Nov, 18.15`: a chosen slot as the restaurant and the order page show it. */
export function formatSlot(at: Date, timezone: string): string {
  let formatter = dateFormatters.get(timezone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("id-ID", {
      timeZone: timezone,
      weekday: "long",
      day: "numeric",
      month: "short",
    });
    dateFormatters.set(timezone, formatter);
  }
  return `${formatter.format(at)}, ${clockTime(at, timezone)}`;
}
