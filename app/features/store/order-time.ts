/**
 * Times as the shop writes them, in the store's time zone: `18.15`, `Senin, 30 Nov, 18.15`. Pure
 * and light (lib/dates.ts only), so the pages that only show times do not load the slot rules.
 */
import { zoneFormatter } from "../../lib/dates.ts";

const CLOCK = { hour: "2-digit", minute: "2-digit", hourCycle: "h23" } as const;
const DAY = { weekday: "long", day: "numeric", month: "short" } as const;

/** `18.15` in the store's time zone. */
export function clockTime(at: Date, timezone: string): string {
  return zoneFormatter("en-GB", timezone, CLOCK).format(at).replace(":", ".");
}

/** `Senin, 30 Nov, 18.15`: a chosen slot as the restaurant and the order page show it. */
export function formatSlot(at: Date, timezone: string): string {
  return `${zoneFormatter("id-ID", timezone, DAY).format(at)}, ${clockTime(at, timezone)}`;
}
