// Daily portions, the pure part: the business day, what the storefront shows of a count, the refusal (0044).
import { DATE_PATTERN, TIME_PATTERN } from "../../lib/date-input.ts";
import { zonedDateString, zonedMoment, type OpeningDay } from "../store/opening-hours.ts";

export const FEW_PORTIONS = 5;

export const MAX_PORTIONS = 10_000;

export const PORTION_MESSAGES = {
  runOut: (nama: string) =>
    `Maaf, ${nama} sudah habis untuk hari ini. Hapus dari pesanan atau pilih menu lain.`,
  tooFew: (nama: string, sisa: number) =>
    `Maaf, ${nama} tinggal ${sisa} porsi hari ini. Kurangi jumlahnya, lalu pesan lagi.`,
  count: `Jumlah porsi harus angka bulat 0 sampai ${MAX_PORTIONS.toLocaleString("id-ID")}, atau kosong tanpa batas.`,
  notLimited: "Menu ini tidak memakai porsi harian. Isi porsi hariannya di halaman Menu.",
} as const;

// The store's date, yet before that day's opening still the day before (a `libur` day starts at midnight).
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

export const shownPortions = (sisa: number | null): number | null =>
  sisa !== null && sisa <= FEW_PORTIONS ? sisa : null;

export const orderableToday = (
  item: { id: string; tersedia: boolean },
  portions: ReadonlyMap<string, number>,
) => item.tersedia && portions.get(item.id) !== 0;
