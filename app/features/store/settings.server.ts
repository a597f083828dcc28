import { eq } from "drizzle-orm";
import type { Database } from "../../../database/client.server.ts";
import { storeSettings } from "../../../database/schema.ts";
import { cachedContent } from "../../lib/content-cache.server.ts";
import { storeDate } from "../../lib/clock.server.ts";
import { getDb } from "../../lib/db.server.ts";
import { getEnv } from "../../lib/env.server.ts";
import {
  DEFAULT_TIMEZONE,
  isValidTimezone,
  openingStatus,
  readOpeningHours,
  reopeningText,
  zonedWeekday,
  type OpeningDay,
  type OpeningStatus,
} from "./opening-hours.ts";
import { normalizeWhatsAppNumber } from "../../lib/whatsapp.ts";
import { formatWhatsAppNumber } from "../../lib/whatsapp-format.ts";
import { DEFAULT_LEAD_MINUTES } from "./order-slots.ts";
import { clockTime } from "./order-time.ts";
import { DEFAULT_PORTION_SHARE, type PortionShare } from "./portion-share-schema.ts";

interface SocialLink {
  name: "Instagram" | "Facebook" | "TikTok";
  url: string;
}

export interface StoreSettings {
  brand: string;
  whatsapp: string;
  whatsappDisplay: string;
  address: string;
  socials: SocialLink[];
  openingHours: OpeningDay[];
  timezone: string;
  /** 0 = Monday, at the same moment as `status`. */
  today: number;
  status: OpeningStatus;
  reopening: string;
  leadMinutes: number;
  portionShare: PortionShare;
  /** "Toko sibuk": until `until` (ISO), or until the owner opens orders again (null). */
  busy: { until: string | null } | null;
  busyText: string;
}

export interface StoreSettingsValues {
  brand: string;
  address: string;
  whatsapp: string;
  instagram_url: string;
  facebook_url: string;
  tiktok_url: string;
  opening_hours: OpeningDay[];
  timezone: string;
  lead_minutes: number;
  portion_share: PortionShare;
  busy_until: Date | null;
  busy_open_ended: boolean;
}

type Row = typeof storeSettings.$inferSelect;

// A column left null falls back to the environment's setting (BRAND_NAME, …) until the owner saves;
// a social link saved as "" is hidden even when the environment has one.
function resolveStoreSettings(row: Partial<Row> | undefined): StoreSettingsValues {
  const env = getEnv();
  const pick = (value: string | null | undefined, fallback: string) =>
    value === null || value === undefined ? fallback : value;
  const timezone = row?.timezone && isValidTimezone(row.timezone) ? row.timezone : DEFAULT_TIMEZONE;
  return {
    brand: row?.brand || env.BRAND_NAME,
    address: row?.address || env.STORE_ADDRESS,
    whatsapp: normalizeWhatsAppNumber(row?.whatsapp || env.WHATSAPP_NUMBER),
    instagram_url: pick(row?.instagram_url, env.INSTAGRAM_URL),
    facebook_url: pick(row?.facebook_url, env.FACEBOOK_URL),
    tiktok_url: pick(row?.tiktok_url, env.TIKTOK_URL),
    opening_hours: readOpeningHours(row?.opening_hours),
    timezone,
    lead_minutes: row?.lead_minutes ?? DEFAULT_LEAD_MINUTES,
    portion_share: {
      perOrder: row?.portions_per_order ?? DEFAULT_PORTION_SHARE.perOrder,
      perAddress: row?.portions_per_address ?? DEFAULT_PORTION_SHARE.perAddress,
    },
    busy_until: row?.busy_until ?? null,
    busy_open_ended: row?.busy_open_ended ?? false,
  };
}

export async function getStoreSettingsValues(db: Database): Promise<StoreSettingsValues> {
  const [row] = await db.select().from(storeSettings).where(eq(storeSettings.id, 1)).limit(1);
  return resolveStoreSettings(row);
}

export async function getStoreSettings(db?: Database, now: Date = storeDate()): Promise<StoreSettings> {
  const database = db ?? (await getDb());
  const values = await cachedContent("storeSettings", () => getStoreSettingsValues(database));
  return toStoreSettings(values, now);
}

function toStoreSettings(values: StoreSettingsValues, now: Date): StoreSettings {
  const socials: SocialLink[] = [
    { name: "Instagram" as const, url: values.instagram_url },
    { name: "Facebook" as const, url: values.facebook_url },
    { name: "TikTok" as const, url: values.tiktok_url },
  ].filter((link) => /^https?:\/\//.test(link.url));
  const status = openingStatus(values.opening_hours, values.timezone, now);
  const busy = busyState(values, now);
  return {
    brand: values.brand,
    whatsapp: values.whatsapp,
    whatsappDisplay: formatWhatsAppNumber(values.whatsapp),
    address: values.address,
    socials,
    openingHours: values.opening_hours,
    timezone: values.timezone,
    today: zonedWeekday(now, values.timezone),
    status,
    reopening: reopeningText(status),
    leadMinutes: values.lead_minutes,
    portionShare: values.portion_share,
    busy,
    busyText: busy ? busyText(busy, values.timezone) : "",
  };
}

function busyState(values: StoreSettingsValues, now: Date): StoreSettings["busy"] {
  if (values.busy_open_ended) return { until: null };
  if (values.busy_until && values.busy_until.getTime() > now.getTime())
    return { until: values.busy_until.toISOString() };
  return null;
}

function busyText(busy: NonNullable<StoreSettings["busy"]>, timezone: string): string {
  if (!busy.until) return "Toko sedang sibuk dan belum menerima pesanan baru.";
  return `Toko sedang sibuk. Pesanan baru dibuka lagi pukul ${clockTime(new Date(busy.until), timezone)}.`;
}

export function getOrigin(request: Request): string {
  const configured = getEnv().SITE_URL;
  return (configured ?? new URL(request.url).origin).replace(/\/$/, "");
}
