/**
 * The price rule part of the promo form (/admin/menu-diskon): its fields as a browser posts them,
 * the checks that refuse a rule that could never apply or makes no sense, and the conversion to
 * and from the stored rule. Shared by the page (Conform) and the server (promos.server.ts, which
 * adds what only the database knows: the menu the targets name, bundle prices, today's date).
 */
import { z } from "zod";
import type { PromoRule, PromoTarget } from "../../../database/types.ts";
import { isTime } from "../../lib/date-input.ts";
import { checkbox, wholeNumber } from "../../lib/form-schema.ts";

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

/** The bundle's parts the form offers (empty ones are ignored). */
export const BUNDLE_PARTS = 4;

const KINDS = ["", "persen", "potongan", "gratis", "paket"] as const;
const asList = (value: unknown) =>
  value === undefined || value === "" ? [] : Array.isArray(value) ? value : [value];
const isTarget = (value: string): value is PromoTarget => /^(item|family|category):.{1,100}$/s.test(value);

/** A whole number in [min, max], or null when left empty. */
const optionalWhole = (min: number, max: number, message: string) =>
  z.preprocess(
    (value) => (value === undefined || value === "" ? null : wholeNumber(value)),
    z.number({ error: message }).int(message).min(min, message).max(max, message).nullable(),
  );

const target = z.string({ error: RULE_MESSAGES.target }).refine(isTarget, RULE_MESSAGES.target);
const optionalTarget = z.preprocess(
  (value) => (value === undefined ? "" : value),
  z
    .string({ error: RULE_MESSAGES.target })
    .refine((value) => value === "" || isTarget(value), RULE_MESSAGES.target),
);
const timeField = z.preprocess(
  (value) => (value === undefined ? "" : value),
  z
    .string({ error: RULE_MESSAGES.time })
    .refine((value) => value === "" || isTime(value), RULE_MESSAGES.time),
);

const bundleFields = Object.fromEntries(
  Array.from({ length: BUNDLE_PARTS }, (_, index) => [
    [`bundle_${index + 1}`, optionalTarget],
    [`bundle_${index + 1}_qty`, optionalWhole(1, 9, RULE_MESSAGES.bundleQty)],
  ]).flat(),
) as Record<`bundle_${number}` | `bundle_${number}_qty`, typeof optionalTarget>;

/** The rule's fields of the promo form; `kind` "" means a promo without a price rule (a picture). */
export const ruleFields = {
  kind: z.enum(KINDS, { error: RULE_MESSAGES.kind }).default(""),
  days: z.preprocess(
    asList,
    z.array(z.enum(["0", "1", "2", "3", "4", "5", "6"], { error: RULE_MESSAGES.days })),
  ),
  time_from: timeField,
  time_until: timeField,
  audience: z.enum(["semua", "masuk", "pertama"], { error: RULE_MESSAGES.audience }).default("semua"),
  per_customer: optionalWhole(1, 99, RULE_MESSAGES.perCustomer),
  scope: z.enum(["semua", "pilihan"], { error: RULE_MESSAGES.targets }).default("semua"),
  targets: z.preprocess(asList, z.array(target)),
  percent: optionalWhole(1, 100, RULE_MESSAGES.percent),
  amount: optionalWhole(100, 100_000_000, RULE_MESSAGES.amount),
  buy: optionalWhole(1, 99, RULE_MESSAGES.buy),
  free: optionalWhole(1, 99, RULE_MESSAGES.free),
  reward: optionalTarget,
  ...bundleFields,
  bundle_price: optionalWhole(0, 100_000_000, RULE_MESSAGES.bundlePrice),
  min_subtotal: optionalWhole(0, 100_000_000, RULE_MESSAGES.minSubtotal),
  combinable: checkbox,
};

export type RuleFormValues = z.output<z.ZodObject<typeof ruleFields>> & {
  active_from?: string;
  active_until?: string;
};

/** The bundle's parts as filled in. */
export function bundleParts(
  values: RuleFormValues,
): { field: string; target: PromoTarget; jumlah: number }[] {
  const record = values as unknown as Record<string, unknown>;
  const parts: { field: string; target: PromoTarget; jumlah: number }[] = [];
  for (let index = 1; index <= BUNDLE_PARTS; index++) {
    const value = record[`bundle_${index}`];
    if (typeof value === "string" && isTarget(value)) {
      parts.push({
        field: `bundle_${index}`,
        target: value,
        jumlah: Number(record[`bundle_${index}_qty`] ?? 1) || 1,
      });
    }
  }
  return parts;
}

/** The weekdays (0 = Monday) of the calendar days from `from` to `until` (YYYY-MM-DD), at most a week. */
function weekdaysBetween(from: string, until: string): Set<number> {
  const days = new Set<number>();
  const start = Date.parse(`${from}T00:00:00Z`);
  const end = Date.parse(`${until}T00:00:00Z`);
  for (let at = start; at <= end && days.size < 7; at += 86_400_000)
    days.add((new Date(at).getUTCDay() + 6) % 7);
  return days;
}

/**
 * The checks of a rule that need no database, as issues on their fields (for the schema's
 * superRefine). A promo without a rule (`kind` "") is not checked here.
 */
export function checkRule(values: RuleFormValues, issue: (field: string, message: string) => void) {
  if (values.kind === "") return;
  if (values.days.length === 0) issue("days", RULE_MESSAGES.days);
  if ((values.time_from === "") !== (values.time_until === "")) {
    issue(values.time_from === "" ? "time_from" : "time_until", RULE_MESSAGES.timePair);
  } else if (values.time_from !== "" && values.time_from === values.time_until) {
    issue("time_until", RULE_MESSAGES.timeSame);
  }
  if (
    values.active_from &&
    values.active_until &&
    values.days.length > 0 &&
    values.active_from <= values.active_until
  ) {
    const inRange = weekdaysBetween(values.active_from, values.active_until);
    if (!values.days.some((day) => inRange.has(Number(day)))) issue("days", RULE_MESSAGES.noDayInRange);
  }
  if (values.scope === "pilihan" && values.targets.length === 0 && values.kind !== "paket") {
    issue("targets", RULE_MESSAGES.targets);
  }
  const targets = values.scope === "pilihan" ? values.targets : [];
  if (values.kind === "persen" && values.percent === null) issue("percent", RULE_MESSAGES.percent);
  if (values.kind === "potongan" && values.amount === null) issue("amount", RULE_MESSAGES.amount);
  if (values.kind === "gratis") {
    if (values.buy === null) issue("buy", RULE_MESSAGES.buy);
    if (values.free === null) issue("free", RULE_MESSAGES.free);
    if (values.buy !== null && values.free !== null && values.reward === "" && values.free >= values.buy) {
      issue("free", RULE_MESSAGES.freeBelowBuy);
    }
    if (values.reward !== "" && targets.length > 0 && targets.every((entry) => entry === values.reward)) {
      issue("targets", RULE_MESSAGES.rewardOnly);
    }
  }
  if (values.kind === "paket") {
    const parts = bundleParts(values);
    if (parts.reduce((sum, part) => sum + part.jumlah, 0) < 2) issue("bundle_1", RULE_MESSAGES.bundleEmpty);
    const seen = new Set<string>();
    for (const part of parts) {
      if (seen.has(part.target)) issue(part.field, RULE_MESSAGES.bundleTwice);
      seen.add(part.target);
    }
    if (values.bundle_price === null) issue("bundle_price", RULE_MESSAGES.bundlePrice);
  }
}

/** The stored rule of checked form values; null for a promo without one. */
export function ruleFromForm(values: RuleFormValues): PromoRule | null {
  if (values.kind === "") return null;
  const timed = values.time_from !== "" && values.time_until !== "";
  return {
    days: values.days.map(Number).sort((a, b) => a - b),
    time_from: timed ? values.time_from : null,
    time_until: timed ? values.time_until : null,
    audience: values.audience,
    per_customer: values.per_customer,
    targets: values.scope === "pilihan" && values.kind !== "paket" ? [...new Set(values.targets)] : [],
    kind: values.kind,
    percent: values.kind === "persen" ? values.percent : null,
    amount: values.kind === "potongan" ? values.amount : null,
    buy: values.kind === "gratis" ? values.buy : null,
    free: values.kind === "gratis" ? values.free : null,
    reward: values.kind === "gratis" && values.reward !== "" ? (values.reward as PromoTarget) : null,
    bundle:
      values.kind === "paket"
        ? bundleParts(values).map(({ target: part, jumlah }) => ({ target: part, jumlah }))
        : [],
    bundle_price: values.kind === "paket" ? values.bundle_price : null,
    min_subtotal: values.min_subtotal ?? 0,
    combinable: values.combinable,
  };
}

/** A stored rule as the form shows it (every value a string, as a browser would post it). */
export function formFromRule(rule: PromoRule | null): Record<string, string | string[]> {
  if (!rule)
    return {
      kind: "",
      days: ["0", "1", "2", "3", "4", "5", "6"],
      audience: "semua",
      scope: "semua",
      combinable: "on",
    };
  const text = (value: number | null) => (value === null ? "" : String(value));
  const form: Record<string, string | string[]> = {
    kind: rule.kind,
    days: rule.days.map(String),
    time_from: rule.time_from ?? "",
    time_until: rule.time_until ?? "",
    audience: rule.audience,
    per_customer: text(rule.per_customer),
    scope: rule.targets.length > 0 ? "pilihan" : "semua",
    targets: rule.targets,
    percent: text(rule.percent),
    amount: text(rule.amount),
    buy: text(rule.buy),
    free: text(rule.free),
    reward: rule.reward ?? "",
    bundle_price: text(rule.bundle_price),
    min_subtotal: rule.min_subtotal > 0 ? String(rule.min_subtotal) : "",
  };
  if (rule.combinable) form.combinable = "on";
  rule.bundle.forEach((part, index) => {
    form[`bundle_${index + 1}`] = part.target;
    form[`bundle_${index + 1}_qty`] = String(part.jumlah);
  });
  return form;
}
