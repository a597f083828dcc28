// The price rule as the promo form posts it: the rule's own fields (rule.ts) read from a browser's strings.
import { z } from "zod";
import { PROMO_KINDS } from "../../../database/types.ts";
import { checkbox, wholeNumber } from "../../lib/form-schema.ts";
import { PromoRuleSchema, RULE_MESSAGES, type PromoRule, type PromoTarget } from "./rule.ts";

export const BUNDLE_SLOTS = [1, 2, 3, 4] as const;
type BundleSlot = (typeof BUNDLE_SLOTS)[number];

const field = PromoRuleSchema.shape;
const part = field.bundle.element.shape;

const asList = (value: unknown) =>
  value === undefined || value === "" ? [] : Array.isArray(value) ? value : [value];
const emptyIsNull = (value: unknown) => (value === undefined || value === "" ? null : value);
const optionalNumber = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === undefined || value === "" ? null : wholeNumber(value)), schema);
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(emptyIsNull, schema);

const bundleTarget = optional(part.target.nullable());
const bundleQty = optionalNumber(part.jumlah.nullable());
const bundleFields = Object.fromEntries(
  BUNDLE_SLOTS.flatMap((slot) => [
    [`bundle_${slot}`, bundleTarget],
    [`bundle_${slot}_qty`, bundleQty],
  ]),
) as { [Name in `bundle_${BundleSlot}`]: typeof bundleTarget } & {
  [Name in `bundle_${BundleSlot}_qty`]: typeof bundleQty;
};

/** `kind` "" is a promo without a price rule (a picture). */
export const ruleFields = {
  kind: z.enum(["", ...PROMO_KINDS], { error: RULE_MESSAGES.kind }).default(""),
  // A day may be left out here: a picture has none, and a rule's own check asks for one.
  days: z.preprocess(
    (value) =>
      asList(value).map((day) => (typeof day === "string" && /^[0-6]$/.test(day) ? Number(day) : day)),
    z.array(field.days.element, { error: RULE_MESSAGES.days }),
  ),
  time_from: optional(field.time_from),
  time_until: optional(field.time_until),
  audience: field.audience.default("semua"),
  per_customer: optionalNumber(field.per_customer),
  scope: z.enum(["semua", "pilihan"], { error: RULE_MESSAGES.targets }).default("semua"),
  targets: z.preprocess(asList, field.targets),
  percent: optionalNumber(field.percent),
  amount: optionalNumber(field.amount),
  buy: optionalNumber(field.buy),
  free: optionalNumber(field.free),
  reward: optional(field.reward),
  ...bundleFields,
  bundle_price: optionalNumber(field.bundle_price),
  min_subtotal: optionalNumber(field.min_subtotal.nullable()),
  combinable: checkbox,
};

export type RuleFieldName = keyof typeof ruleFields;
export type RuleFormValues = z.output<z.ZodObject<typeof ruleFields>>;

export function bundleParts(
  values: RuleFormValues,
): { field: string; target: PromoTarget; jumlah: number }[] {
  return BUNDLE_SLOTS.flatMap((slot) => {
    const target = values[`bundle_${slot}`];
    return target ? [{ field: `bundle_${slot}`, target, jumlah: values[`bundle_${slot}_qty`] ?? 1 }] : [];
  });
}

export function ruleFromForm(values: RuleFormValues): PromoRule | null {
  if (values.kind === "") return null;
  const { kind } = values;
  return {
    days: [...new Set(values.days)].sort((a, b) => a - b),
    time_from: values.time_from,
    time_until: values.time_until,
    audience: values.audience,
    per_customer: values.per_customer,
    targets: values.scope === "pilihan" && kind !== "paket" ? [...new Set(values.targets)] : [],
    kind,
    percent: kind === "persen" ? values.percent : null,
    amount: kind === "potongan" ? values.amount : null,
    buy: kind === "gratis" ? values.buy : null,
    free: kind === "gratis" ? values.free : null,
    reward: kind === "gratis" ? values.reward : null,
    bundle: kind === "paket" ? bundleParts(values).map(({ target, jumlah }) => ({ target, jumlah })) : [],
    bundle_price: kind === "paket" ? values.bundle_price : null,
    min_subtotal: values.min_subtotal ?? 0,
    combinable: values.combinable,
  };
}

export interface TargetOption {
  value: PromoTarget;
  label: string;
  group: "Kategori" | "Hidangan (semua level)" | "Menu";
}

export function targetOptions(
  categories: readonly { id: string; nama: string }[],
  items: readonly { id: string; nama: string; level_family: string | null }[],
): TargetOption[] {
  const families = [...new Set(items.flatMap((item) => (item.level_family ? [item.level_family] : [])))];
  return [
    ...categories.map((category) => ({
      value: `category:${category.id}` as const,
      label: category.nama,
      group: "Kategori" as const,
    })),
    ...families.map((family) => ({
      value: `family:${family}` as const,
      label: family,
      group: "Hidangan (semua level)" as const,
    })),
    ...items.map((item) => ({ value: `item:${item.id}` as const, label: item.nama, group: "Menu" as const })),
  ];
}

function weekdaysBetween(from: string, until: string): Set<number> {
  const days = new Set<number>();
  const start = Date.parse(`${from}T00:00:00Z`);
  const end = Date.parse(`${until}T00:00:00Z`);
  for (let at = start; at <= end && days.size < 7; at += 86_400_000)
    days.add((new Date(at).getUTCDay() + 6) % 7);
  return days;
}

// `taken` holds fields that already have a message, so a value is not refused twice.
export function checkRuleForm(
  values: RuleFormValues & { active_from: string; active_until: string },
  rule: PromoRule | null,
  taken: ReadonlySet<unknown>,
  issue: (field: string, message: string) => void,
) {
  if (!rule) return;
  const flagged = new Set(taken);
  const once = (name: string, message: string) => {
    if (!flagged.has(name)) issue(name, message);
    flagged.add(name);
  };
  if (values.scope === "pilihan" && values.targets.length === 0 && values.kind !== "paket") {
    once("targets", RULE_MESSAGES.targets);
  }
  const { active_from: from, active_until: until } = values;
  if (from && until && rule.days.length > 0 && from <= until) {
    const inRange = weekdaysBetween(from, until);
    if (!rule.days.some((day) => inRange.has(day))) once("days", RULE_MESSAGES.noDayInRange);
  }
  const parts = bundleParts(values);
  for (const { path, message } of PromoRuleSchema.safeParse(rule).error?.issues ?? []) {
    const [name, index, key] = path;
    // A bundle's part is named by the slot it was written in.
    const slot = typeof index === "number" ? parts[index]!.field : "bundle_1";
    once(name !== "bundle" ? String(name) : key === "jumlah" ? `${slot}_qty` : slot, message);
  }
}

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
  rule.bundle.forEach((entry, index) => {
    form[`bundle_${index + 1}`] = entry.target;
    form[`bundle_${index + 1}_qty`] = String(entry.jumlah);
  });
  return form;
}
