// Daily portions, the pure part: the business day, what the storefront shows of a count, the refusals (0044,
// 0057).
import { DATE_PATTERN, TIME_PATTERN } from "../../lib/date-input.ts";
import {
  openingStatus,
  startOfZonedDay,
  zonedDateString,
  zonedMoment,
  type OpeningDay,
} from "../store/opening-hours.ts";

export const FEW_PORTIONS = 5;

export const MAX_PORTIONS = 10_000;

export const PORTION_MESSAGES = {
  runOut: (nama: string) =>
    `Maaf, ${nama} sudah habis untuk hari ini. Hapus dari pesanan atau pilih menu lain.`,
  tooFew: (nama: string, sisa: number) =>
    `Maaf, ${nama} tinggal ${sisa} porsi hari ini. Kurangi jumlahnya, lalu pesan lagi.`,
  count: `Jumlah porsi harus angka bulat 0 sampai ${MAX_PORTIONS.toLocaleString("id-ID")}, atau kosong tanpa batas.`,
  notLimited: "Menu ini tidak memakai porsi harian. Isi porsi hariannya di halaman Menu.",
  perOrder: (nama: string, most: number) =>
    `Maaf, ${nama} paling banyak ${most} porsi dalam satu pesanan. Kurangi jumlahnya, lalu pesan lagi.`,
  perAddress: (nama: string, most: number, held: number) =>
    held >= most
      ? `Maaf, ${nama} paling banyak ${most} porsi sehari untuk satu pelanggan, dan hari ini sudah dipesan ${held} porsi dari jaringan ini. Pilih menu lain, ya.`
      : `Maaf, ${nama} paling banyak ${most} porsi sehari untuk satu pelanggan, dan hari ini sudah dipesan ${held} porsi dari jaringan ini. Kurangi jumlahnya menjadi paling banyak ${most - held}.`,
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

const minutesOf = (time: string) => {
  const match = TIME_PATTERN.exec(time);
  return match ? Number(match[1]) * 60 + Number(match[2]) : 0;
};

function servedFrom(hours: readonly OpeningDay[], timezone: string, at: Date): Date {
  if (openingStatus(hours, timezone, at).open) return at;
  const { day, minute } = zonedMoment(at, timezone);
  const date = zonedDateString(at, timezone);
  for (let ahead = 0; ahead < 8; ahead++) {
    const entry = hours[(day + ahead) % 7];
    if (!entry || entry.libur || (ahead === 0 && minutesOf(entry.buka) <= minute)) continue;
    return new Date(startOfZonedDay(date, timezone, ahead).getTime() + minutesOf(entry.buka) * 60_000);
  }
  return at;
}

// The business day an order is for: its chosen slot's; placed while closed, the next opening's (0057).
export const orderPortionDay = (
  hours: readonly OpeningDay[],
  timezone: string,
  at: Date,
  scheduledFor: Date | null = null,
): string => portionDay(hours, timezone, scheduledFor ?? servedFrom(hours, timezone, at));

export const shownPortions = (sisa: number | null): number | null =>
  sisa !== null && sisa <= FEW_PORTIONS ? sisa : null;

export const orderableToday = (
  item: { id: string; tersedia: boolean },
  portions: ReadonlyMap<string, number>,
) => item.tersedia && portions.get(item.id) !== 0;
