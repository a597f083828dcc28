/**
 * Daily portions, the pure part: the business day a moment belongs to, what the storefront shows
 * of a count, and the refusal's words (docs/decisions/0044-daily-portions.md).
 */
import { DATE_PATTERN, TIME_PATTERN } from "../../lib/date-input.ts";
import { zonedDateString, zonedMoment, type OpeningDay } from "../store/opening-hours.ts";

/** At or below this many portions left the storefront says `Sisa N`; above it nothing. */
export const FEW_PORTIONS = 5;

/** The most portions a day may hold (the menu form and the board's panel). */
export const MAX_PORTIONS = 10_000;

export const PORTION_MESSAGES = {
  runOut: (nama: string) =>
    `Maaf, ${nama} sudah habis untuk hari ini. Hapus dari pesanan atau pilih menu lain.`,
  tooFew: (nama: string, sisa: number) =>
    `Maaf, ${nama} tinggal ${sisa} porsi hari ini. Kurangi jumlahnya, lalu pesan lagi.`,
  count: `Jumlah porsi harus angka bulat 0 sampai ${MAX_PORTIONS.toLocaleString("id-ID")}, atau kosong tanpa batas.`,
  notLimited: "Menu ini tidak memakai porsi harian. Isi porsi hariannya di halaman Menu.",
} as const;

/**
 * The business day (`2026-11-27`) of `at`: the store's calendar date, except before that day's
 * opening, which still belongs to the day before (a counter starts again when the shop opens; on
 * a `libur` day, at midnight).
 */
export function portionDay(hours: readonly OpeningDay[], timezone: string, at: Date): string {
  const date = zonedDateString(at, timezone);
  const { day, minute } = zonedMoment(at, timezone);
  const today = hours[day];
  const opening = today && !today.libur ? TIME_PATTERN.exec(today.buka) : null;
  if (!opening || minute >= Number(opening[1]) * 60 + Number(opening[2])) return date;
  const [, year, month, dayOfMonth] = DATE_PATTERN.exec(date)!;
  return new Date(Date.UTC(Number(year), Number(month) - 1, Number(dayOfMonth) - 1))
    .toISOString()
    .slice(0, 10);
}

/** What a page may show of a count: the number when few are left (0 = Habis), else null. */
export const shownPortions = (sisa: number | null): number | null =>
  sisa !== null && sisa <= FEW_PORTIONS ? sisa : null;

/** Whether a dish can be ordered now: switched on and not at 0 of today's portions (`Habis`). */
export const orderableToday = (
  item: { id: string; tersedia: boolean },
  portions: ReadonlyMap<string, number>,
) => item.tersedia && portions.get(item.id) !== 0;
