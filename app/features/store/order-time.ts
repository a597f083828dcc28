// Times as the shop writes them (`18.15`); light, so pages that only show times skip the slot rules.
import { zoneFormatter } from "../../lib/dates.ts";

const CLOCK = { hour: "2-digit", minute: "2-digit", hourCycle: "h23" } as const;
const DAY = { weekday: "long", day: "numeric", month: "short" } as const;

export function clockTime(at: Date, timezone: string): string {
  return zoneFormatter("en-GB", timezone, CLOCK).format(at).replace(":", ".");
}

export function formatSlot(at: Date, timezone: string): string {
  return `${zoneFormatter("id-ID", timezone, DAY).format(at)}, ${clockTime(at, timezone)}`;
}
