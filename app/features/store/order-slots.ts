// Pickup and delivery times: 15-minute slots in the opening hours after the lead time (0022).
// Pure (`now` passed in): the form lists them and the server accepts only a listed slot.
import {
  DAY_NAMES,
  startOfZonedDay,
  zonedDateString,
  zonedWeekday,
  type OpeningDay,
} from "./opening-hours.ts";
import { clockTime } from "./order-time.ts";

export const SLOT_MINUTES = 15;
const SLOT_MS = SLOT_MINUTES * 60_000;
export const MAX_SLOTS = 96;
export const DEFAULT_LEAD_MINUTES = 20;
export const MAX_LEAD_MINUTES = 240;

export interface Slot {
  /** The slot's wall-clock time in the store's zone, `2026-11-30T18:15` (the form's value). */
  value: string;
  at: Date;
  label: string;
}

interface SlotRules {
  hours: readonly OpeningDay[];
  timezone: string;
  leadMinutes: number;
  now: Date;
}

interface Period {
  open: number;
  close: number;
}

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

function openingPeriods(hours: readonly OpeningDay[], timezone: string, now: Date): Period[] {
  const today = zonedDateString(now, timezone);
  const weekday = zonedWeekday(now, timezone);
  const periods: Period[] = [];
  for (let offset = -1; offset <= 8; offset++) {
    const day = hours[(((weekday + offset) % 7) + 7) % 7];
    if (!day || day.libur) continue;
    const midnight = startOfZonedDay(today, timezone, offset).getTime();
    const buka = minutesOf(day.buka);
    const tutup = minutesOf(day.tutup);
    const open = midnight + buka * 60_000;
    const close = midnight + (tutup > buka ? tutup : tutup + 24 * 60) * 60_000;
    const last = periods.at(-1);
    if (last && open <= last.close) last.close = Math.max(last.close, close);
    else periods.push({ open, close });
  }
  return periods;
}

const ceilToSlot = (ms: number) => Math.ceil(ms / SLOT_MS) * SLOT_MS;

export function orderSlots({ hours, timezone, leadMinutes, now }: SlotRules): Slot[] {
  const lead = Math.max(0, leadMinutes) * 60_000;
  const calendar = storeCalendar(now, timezone);
  for (const period of openingPeriods(hours, timezone, now)) {
    if (period.close <= now.getTime()) continue;
    const from = Math.max(now.getTime(), period.open) + lead;
    const slots: Slot[] = [];
    for (let at = ceilToSlot(from); at < period.close && slots.length < MAX_SLOTS; at += SLOT_MS) {
      slots.push(calendar.slotAt(new Date(at)));
    }
    if (slots.length > 0) return slots;
  }
  return [];
}

const pad = (n: number) => String(n).padStart(2, "0");

// A day's date is looked up once; a day that is not 24 hours long (DST) asks the formatter.
function storeCalendar(now: Date, timezone: string) {
  const today = zonedDateString(now, timezone);
  const tomorrow = zonedDateString(startOfZonedDay(today, timezone, 1), timezone);
  let day = { date: "", start: 0, end: 0 };
  return {
    slotAt(at: Date): Slot {
      const ms = at.getTime();
      if (ms < day.start || ms >= day.end) {
        const date = zonedDateString(at, timezone);
        day = {
          date,
          start: startOfZonedDay(date, timezone).getTime(),
          end: startOfZonedDay(date, timezone, 1).getTime(),
        };
      }
      const minutes = Math.floor((ms - day.start) / 60_000);
      const time =
        day.end - day.start === 24 * 60 * 60_000
          ? `${pad(Math.floor(minutes / 60))}.${pad(minutes % 60)}`
          : clockTime(at, timezone);
      const word =
        day.date === today
          ? "Hari ini"
          : day.date === tomorrow
            ? "Besok"
            : DAY_NAMES[zonedWeekday(at, timezone)]!;
      return { value: `${day.date}T${time.replace(".", ":")}`, at, label: `${word} ${time}` };
    },
  };
}
