// Times as the shop writes them (`18.15`); light, so pages that only show times skip the slot rules.
import { clockTime, zoneFormatter } from "../../lib/dates.ts";

export { clockTime };
const DAY = { weekday: "long", day: "numeric", month: "short" } as const;

export function formatSlot(at: Date, timezone: string): string {
  return `${zoneFormatter("id-ID", timezone, DAY).format(at)}, ${clockTime(at, timezone)}`;
}
