// Opening hours, Monday first, in the store's time zone; pure (`now` passed in).
// `tutup` before `buka` runs past midnight; `buka` equal to `tutup` means open all day.
import { DEFAULT_STORE_TIMEZONE } from "../../../database/store-defaults.ts";
import type { OpeningDay } from "../../../database/types.ts";
import { DATE_PATTERN, isTime, TIME_PATTERN } from "../../lib/date-input.ts";
import { zoneFormatter } from "../../lib/dates.ts";

export type { OpeningDay };

export const DAY_NAMES = ["Senin", "Selasa", "Rabu", "Kamis", "Jumat", "Sabtu", "Minggu"] as const;

export const DEFAULT_OPENING_HOURS: readonly OpeningDay[] = DAY_NAMES.map(() => ({
  buka: "10:00",
  tutup: "22:00",
  libur: false,
}));

export const DEFAULT_TIMEZONE = DEFAULT_STORE_TIMEZONE;

export const TIMEZONES = [
  { id: "Asia/Jakarta", nama: "WIB (Asia/Jakarta)" },
  { id: "Asia/Makassar", nama: "WITA (Asia/Makassar)" },
  { id: "Asia/Jayapura", nama: "WIT (Asia/Jayapura)" },
] as const;

const minutesOf = (time: string) => {
  const match = TIME_PATTERN.exec(time);
  return match ? Number(match[1]) * 60 + Number(match[2]) : 0;
};

export const formatTime = (time: string) => time.replace(":", ".");

export function readOpeningHours(value: unknown): OpeningDay[] {
  if (!Array.isArray(value) || value.length !== 7) return DEFAULT_OPENING_HOURS.map((day) => ({ ...day }));
  const days = value.map((day: unknown) => {
    const entry = (typeof day === "object" && day !== null ? day : {}) as Record<string, unknown>;
    if (!isTime(entry.buka) || !isTime(entry.tutup)) return null;
    return { buka: entry.buka, tutup: entry.tutup, libur: entry.libur === true };
  });
  if (days.some((day) => day === null)) return DEFAULT_OPENING_HOURS.map((day) => ({ ...day }));
  return days as OpeningDay[];
}

const validZones = new Map<string, boolean>();

// Remembered per zone: building a DateTimeFormat is costly and the slots ask all day long.
export function isValidTimezone(timezone: string): boolean {
  let valid = validZones.get(timezone);
  if (valid === undefined) {
    try {
      new Intl.DateTimeFormat("en-US", { timeZone: timezone });
      valid = true;
    } catch {
      valid = false;
    }
    if (validZones.size < 1000) validZones.set(timezone, valid);
  }
  return valid;
}

const ZONE_FIELDS = {
  moment: { weekday: "short", hour: "2-digit", minute: "2-digit", hourCycle: "h23" },
  date: {
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    hourCycle: "h23",
  },
} satisfies Record<string, Intl.DateTimeFormatOptions>;

function zoneParts(at: Date, timezone: string, kind: keyof typeof ZONE_FIELDS) {
  const zone = isValidTimezone(timezone) ? timezone : DEFAULT_TIMEZONE;
  return zoneFormatter("en-US", zone, ZONE_FIELDS[kind]).formatToParts(at);
}

function localMoment(now: Date, timezone: string): { day: number; minute: number } {
  const parts = Object.fromEntries(zoneParts(now, timezone, "moment").map((part) => [part.type, part.value]));
  const day = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"].indexOf(parts.weekday ?? "Mon");
  return { day: Math.max(day, 0), minute: Number(parts.hour) * 60 + Number(parts.minute) };
}

export const zonedMoment = localMoment;

export const zonedWeekday = (now: Date, timezone: string) => localMoment(now, timezone).day;

export function timezoneLabel(timezone: string): string {
  const zone = TIMEZONES.find((entry) => entry.id === timezone);
  return zone ? zone.nama.split(" ")[0]! : timezone;
}

interface NextOpening {
  when: string;
  time: string;
}

export interface OpeningStatus {
  open: boolean;
  /** null when every day is `libur`. */
  next: NextOpening | null;
}

export function openingStatus(hours: readonly OpeningDay[], timezone: string, now: Date): OpeningStatus {
  const { day, minute } = localMoment(now, timezone);
  const today = hours[day];
  const yesterday = hours[(day + 6) % 7];
  if (today && !today.libur) {
    const buka = minutesOf(today.buka);
    const tutup = minutesOf(today.tutup);
    if (buka === tutup) return { open: true, next: null };
    if (buka < tutup ? minute >= buka && minute < tutup : minute >= buka) return { open: true, next: null };
  }
  if (yesterday && !yesterday.libur) {
    const buka = minutesOf(yesterday.buka);
    const tutup = minutesOf(yesterday.tutup);
    if (buka > tutup && minute < tutup) return { open: true, next: null };
  }
  for (let ahead = 0; ahead < 8; ahead++) {
    const entry = hours[(day + ahead) % 7];
    if (!entry || entry.libur) continue;
    if (ahead === 0 && minutesOf(entry.buka) <= minute) continue;
    const when = ahead === 0 ? "hari ini" : ahead === 1 ? "besok" : DAY_NAMES[(day + ahead) % 7]!;
    return { open: false, next: { when, time: formatTime(entry.buka) } };
  }
  return { open: false, next: null };
}

export function reopeningText(status: OpeningStatus): string {
  if (status.open) return "";
  if (!status.next) return "Toko sedang tutup sementara.";
  return `Toko sedang tutup. Buka lagi ${status.next.when} pukul ${status.next.time}.`;
}

export function closedOrderNote(status: OpeningStatus): string {
  if (status.open) return "";
  if (!status.next) return "Toko sedang tutup: pesanan ini akan diproses saat toko buka kembali.";
  return `Toko sedang tutup: pesanan ini akan diproses saat buka ${status.next.when} pukul ${status.next.time}.`;
}

export function describeDay(day: OpeningDay): string {
  if (day.libur) return "Tutup";
  if (day.buka === day.tutup) return "24 jam";
  return `${formatTime(day.buka)}–${formatTime(day.tutup)}`;
}

function partsIn(at: Date, timezone: string) {
  const parts = Object.fromEntries(
    zoneParts(at, timezone, "date").map((part) => [part.type, Number(part.value)]),
  );
  return parts as Record<"year" | "month" | "day" | "hour" | "minute" | "second", number>;
}

export function zonedDateString(at: Date, timezone: string): string {
  const { year, month, day } = partsIn(at, timezone);
  return `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

const midnights = new Map<string, number>();

export function startOfZonedDay(date: string, timezone: string, addDays = 0): Date {
  const match = DATE_PATTERN.exec(date);
  if (!match) throw new Error(`not a date: ${date}`);
  const midnightUtc = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + addDays);
  const key = `${midnightUtc} ${timezone}`;
  const known = midnights.get(key);
  if (known !== undefined) return new Date(known);
  // The zone's offset at that moment (no DST in Indonesia; the second pass covers zones with it).
  let instant = midnightUtc;
  for (let pass = 0; pass < 2; pass++) {
    const p = partsIn(new Date(instant), timezone);
    const shownAsUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
    instant = midnightUtc - (shownAsUtc - instant);
  }
  if (midnights.size >= 1000) midnights.clear();
  midnights.set(key, instant);
  return new Date(instant);
}
