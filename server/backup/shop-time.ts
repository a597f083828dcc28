// Backup names and messages in the shop's time zone, not the machine's (usually UTC).
import { eq } from "drizzle-orm";
import type { Database } from "../../database/client.server.ts";
import { storeSettings } from "../../database/schema.ts";
import { DEFAULT_STORE_TIMEZONE } from "../../database/store-defaults.ts";

const knownZone = (zone: string | null | undefined): zone is string => {
  if (!zone) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};

export async function shopTimezone(db: Database): Promise<string> {
  const [row] = await db
    .select({ timezone: storeSettings.timezone })
    .from(storeSettings)
    .where(eq(storeSettings.id, 1))
    .limit(1);
  return knownZone(row?.timezone) ? row.timezone : DEFAULT_STORE_TIMEZONE;
}

export function shopStamp(date: Date, timeZone?: string): string {
  const parts = new Intl.DateTimeFormat("en-CA", {
    timeZone: knownZone(timeZone) ? timeZone : undefined,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    hourCycle: "h23",
  }).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((entry) => entry.type === type)?.value ?? "";
  return `${part("year")}-${part("month")}-${part("day")}-${part("hour")}${part("minute")}${part("second")}`;
}

export function shopDateTime(date: Date | string, timeZone: string): string {
  return new Intl.DateTimeFormat("id-ID", {
    timeZone: knownZone(timeZone) ? timeZone : DEFAULT_STORE_TIMEZONE,
    dateStyle: "medium",
    timeStyle: "long",
  }).format(new Date(date));
}
