// A promo's price rule: one schema the form checks, the writer stores and the reader reads back (0027).
import { z } from "zod";
import { PROMO_AUDIENCES, PROMO_KINDS, type PromoRule, type PromoTarget } from "../../../database/types.ts";
import { isTime } from "../../lib/date-input.ts";
import { isTarget } from "./targets.ts";

export type { PromoRule, PromoTarget };

export const RULE_MESSAGES = {
  kind: "Pilih jenis promo dari daftar.",
  days: "Pilih minimal satu hari promo berlaku.",
  time: "Jam harus berformat jam yang benar, misalnya 10:00.",
  timePair: "Isi jam mulai dan jam selesai, atau kosongkan keduanya.",
  timeSame: "Jam mulai dan jam selesai tidak boleh sama.",
  audience: "Pilih untuk siapa promo ini.",
  perCustomer: "Batas per pelanggan harus 1 sampai 99 kali, atau kosong.",
  targets: "Pilih minimal satu menu, hidangan, atau kategori.",
  target: "Ada pilihan menu yang tidak dikenal. Muat ulang halaman lalu coba lagi.",
  percent: "Persen diskon harus angka bulat 1 sampai 100.",
  amount: "Potongan harus angka rupiah bulat, Rp 100 sampai Rp 100.000.000.",
  buy: "Jumlah beli harus 1 sampai 99.",
  free: "Jumlah gratis harus 1 sampai 99.",
  freeBelowBuy: "Jumlah gratis harus lebih kecil dari jumlah beli, misalnya beli 2 gratis 1.",
  rewardOnly: "Menu yang dihitung tidak boleh hanya menu hadiahnya.",
  bundleEmpty: "Isi paket minimal 2 porsi.",
  bundleTwice: "Satu pilihan hanya boleh ada di satu isi paket.",
  bundleQty: "Jumlah tiap isi paket harus 1 sampai 9.",
  bundlePrice: "Harga paket harus angka rupiah bulat, Rp 0 sampai Rp 100.000.000.",
  minSubtotal: "Minimal belanja harus angka rupiah bulat sampai Rp 100.000.000, atau kosong.",
  noDayInRange:
    "Dalam rentang tanggal itu tidak ada hari yang dipilih, jadi promo tidak akan pernah berlaku.",
} as const;

const M = RULE_MESSAGES;

const whole = (min: number, max: number, message: string) =>
  z.number({ error: message }).int(message).min(min, message).max(max, message);
const target = z.custom<PromoTarget>(isTarget, M.target);
const time = z.string({ error: M.time }).refine(isTime, M.time).nullable();

const ruleShape = z.object({
  /** 0 = Monday … 6 = Sunday. */
  days: z.array(whole(0, 6, M.days), { error: M.days }).min(1, M.days),
  time_from: time,
  time_until: time,
  audience: z.enum(PROMO_AUDIENCES, { error: M.audience }),
  per_customer: whole(1, 99, M.perCustomer).nullable(),
  targets: z.array(target, { error: M.target }),
  kind: z.enum(PROMO_KINDS, { error: M.kind }),
  percent: whole(1, 100, M.percent).nullable(),
  amount: whole(100, 100_000_000, M.amount).nullable(),
  buy: whole(1, 99, M.buy).nullable(),
  free: whole(1, 99, M.free).nullable(),
  reward: target.nullable(),
  bundle: z.array(z.object({ target, jumlah: whole(1, 9, M.bundleQty) }), { error: M.target }),
  bundle_price: whole(0, 100_000_000, M.bundlePrice).nullable(),
  min_subtotal: whole(0, 100_000_000, M.minSubtotal),
  combinable: z.boolean(),
});

function checkRule(rule: z.output<typeof ruleShape>, context: z.RefinementCtx) {
  const issue = (path: (string | number)[], message: string) =>
    context.addIssue({ code: "custom", path, message });
  if ((rule.time_from === null) !== (rule.time_until === null)) {
    issue([rule.time_from === null ? "time_from" : "time_until"], M.timePair);
  } else if (rule.time_from !== null && rule.time_from === rule.time_until) {
    issue(["time_until"], M.timeSame);
  }
  if (rule.kind === "persen" && rule.percent === null) issue(["percent"], M.percent);
  if (rule.kind === "potongan" && rule.amount === null) issue(["amount"], M.amount);
  if (rule.kind === "gratis") {
    if (rule.buy === null) issue(["buy"], M.buy);
    if (rule.free === null) issue(["free"], M.free);
    // Buy 2 get 2 of the same lines would give everything away.
    if (rule.buy !== null && rule.free !== null && rule.reward === null && rule.free >= rule.buy) {
      issue(["free"], M.freeBelowBuy);
    }
    const { reward } = rule;
    if (reward !== null && rule.targets.length > 0 && rule.targets.every((entry) => entry === reward)) {
      issue(["targets"], M.rewardOnly);
    }
  }
  if (rule.kind === "paket") {
    if (rule.bundle.reduce((sum, part) => sum + part.jumlah, 0) < 2) issue(["bundle"], M.bundleEmpty);
    const seen = new Set<string>();
    rule.bundle.forEach((part, index) => {
      if (seen.has(part.target)) issue(["bundle", index], M.bundleTwice);
      seen.add(part.target);
    });
    if (rule.bundle_price === null) issue(["bundle_price"], M.bundlePrice);
  }
}

export const PromoRuleSchema = ruleShape.superRefine(checkRule) satisfies z.ZodType<PromoRule>;

// A row the schema refuses (written by hand, a future shape) is a picture that prices nothing.
export const readRule = (value: unknown): PromoRule | null => PromoRuleSchema.safeParse(value).data ?? null;
