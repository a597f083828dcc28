// A rule's words for cards, the admin list and the hints, derived from the rule so a label is never untrue.
import type { PromoRule, PromoTarget } from "../../../database/types.ts";
import { formatRupiah } from "../../lib/format.ts";
import { DAY_NAMES } from "../store/opening-hours.ts";
import { inWeeklyWindow, minutesOf, type StoreMoment } from "./schedule.ts";
import { parseTarget } from "./targets.ts";

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "Mei", "Jun", "Jul", "Agu", "Sep", "Okt", "Nov", "Des"];

export const shortDate = (date: string) =>
  `${Number(date.slice(8, 10))} ${MONTHS[Number(date.slice(5, 7)) - 1]}`;

const clock = (time: string) => time.replace(":", ".");

export function daysText(days: readonly number[]): string {
  const sorted = [...days].sort((a, b) => a - b);
  if (sorted.length === 7) return "Setiap hari";
  if (sorted.length === 1) return `Setiap ${DAY_NAMES[sorted[0]!]}`;
  const run = sorted.every((day, index) => index === 0 || day === sorted[index - 1]! + 1);
  if (run && sorted.length > 2) return `${DAY_NAMES[sorted[0]!]}–${DAY_NAMES[sorted.at(-1)!]}`;
  return sorted.map((day) => DAY_NAMES[day]).join(", ");
}

/** `YYYY-MM-DD` in the store's calendar, the last day included. */
export interface PromoDates {
  from: string | null;
  until: string | null;
}

export function whenLabel(rule: PromoRule | null, dates: PromoDates, today: string): string | null {
  if (dates.from !== null && dates.from === dates.until && dates.from === today) return "Hanya Hari Ini";
  const parts: string[] = [];
  if (rule) {
    parts.push(daysText(rule.days));
    if (rule.time_from && rule.time_until) parts.push(`${clock(rule.time_from)}–${clock(rule.time_until)}`);
  }
  if (dates.until === today) parts.push("berakhir hari ini");
  else if (dates.until) parts.push(`s.d. ${shortDate(dates.until)}`);
  return parts.length > 0 ? parts.join(" · ") : null;
}

export interface TargetNames {
  menu: ReadonlyMap<string, { nama: string }>;
  categoryNames?: ReadonlyMap<string, string>;
}

export function targetName(target: PromoTarget, { menu, categoryNames }: TargetNames): string {
  const parts = parseTarget(target);
  if (parts?.kind === "item") return menu.get(parts.value)?.nama ?? "menu yang sudah dihapus";
  if (parts?.kind === "category") return (categoryNames?.get(parts.value) ?? parts.value).toLowerCase();
  return parts?.value ?? target;
}

export function offerText(rule: PromoRule, names: TargetNames): string {
  const name = (target: PromoTarget) =>
    `${parseTarget(target)?.kind === "category" ? "semua " : ""}${targetName(target, names)}`;
  const lines = rule.targets.length === 0 ? "semua menu" : rule.targets.map(name).join(", ");
  switch (rule.kind) {
    case "persen":
      return `Diskon ${rule.percent}% ${lines}`;
    case "potongan":
      return `Potongan ${formatRupiah(rule.amount ?? 0)} untuk ${lines}`;
    case "gratis":
      return rule.reward === null
        ? `Beli ${rule.buy} ${lines}, ${rule.free} termurah gratis`
        : `Beli ${rule.buy} ${lines}, gratis ${rule.free} ${name(rule.reward)}`;
    case "paket":
      return `Paket ${formatRupiah(rule.bundle_price ?? 0)}: ${rule.bundle
        .map((part) => `${part.jumlah} ${name(part.target)}`)
        .join(" + ")}`;
  }
}

export function termsOf(rule: PromoRule): string[] {
  const terms: string[] = [];
  if (rule.audience === "masuk") terms.push("Khusus pelanggan yang masuk akun");
  if (rule.audience === "pertama") terms.push("Untuk pesanan pertama");
  if (rule.per_customer !== null) terms.push(`Maks. ${rule.per_customer}× per pelanggan`);
  if (rule.min_subtotal > 0) terms.push(`Min. belanja ${formatRupiah(rule.min_subtotal)}`);
  if (!rule.combinable) terms.push("Tidak bisa digabung dengan promo lain");
  return terms;
}

export function availabilityText(rule: PromoRule, moment: StoreMoment): { now: boolean; text: string } {
  if (inWeeklyWindow(rule, moment)) return { now: true, text: "Berlaku sekarang" };
  const from = rule.time_from ? clock(rule.time_from) : null;
  if (from && rule.days.includes(moment.day) && moment.minute < minutesOf(rule.time_from!)) {
    return { now: false, text: `Berlaku hari ini mulai pukul ${from}` };
  }
  for (let ahead = 1; ahead <= 7; ahead++) {
    const day = (moment.day + ahead) % 7;
    if (!rule.days.includes(day)) continue;
    const when = ahead === 1 ? "besok" : DAY_NAMES[day];
    return {
      now: false,
      text: `Tidak berlaku sekarang · berlaku lagi ${when}${from ? ` pukul ${from}` : ""}`,
    };
  }
  return { now: false, text: "Tidak berlaku sekarang" };
}

// An owner's label may not speak of time: the card's time label comes from the rule.
const TIME_WORDS =
  /\b(hari ini|besok|lusa|setiap|tiap|senin|selasa|rabu|kamis|jumat|jum'at|sabtu|minggu|weekend|akhir pekan|jam|pukul|sampai|hingga|s\.d\.|terakhir|mulai|tanggal|bulan|pagi|siang|sore|malam)\b/i;

export const saysTime = (label: string) => TIME_WORDS.test(label);
