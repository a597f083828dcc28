// The promo form (/admin/menu-diskon); dates are store calendar days, the rule's fields are rule-form.ts's.
import { z } from "zod";
import type { PromoRule } from "./rule.ts";
import { isDateString } from "../../lib/date-input.ts";
import { checkbox, checkedText, positionField, textField } from "../../lib/form-schema.ts";
import { saysTime } from "./labels.ts";
import { checkRuleForm, ruleFields, ruleFromForm } from "./rule-form.ts";

export const PROMO_MESSAGES = {
  titleRequired: "Judul promo wajib diisi.",
  titleTooLong: "Judul promo paling banyak 80 karakter.",
  description: "Deskripsi promo paling banyak 300 karakter.",
  label: "Label promo paling banyak 30 karakter.",
  labelTime:
    "Label tidak boleh menyebut waktu (hari, jam, tanggal): waktu promo ditulis otomatis dari aturannya.",
  date: "Tanggal harus berformat tanggal yang benar.",
  dateOrder: "Tanggal selesai tidak boleh sebelum tanggal mulai.",
  datePast: "Tanggal selesai sudah lewat. Promo baru harus berlaku sampai hari ini atau nanti.",
  urutan: "Urutan harus angka 0 sampai 99.",
  photoRequired: "Gambar promo wajib diunggah bila kartunya tampil di Beranda.",
  cardOrRule:
    "Promo tanpa kartu di Beranda perlu aturan harga. Pilih jenis aturannya, atau tampilkan kartunya.",
  notFound: "Promo tidak ditemukan. Mungkin sudah dihapus.",
} as const;

const optionalDate = checkedText(PROMO_MESSAGES.date, (value) => value === "" || isDateString(value));

export const PromoSchema = z
  .object({
    title: textField(80, PROMO_MESSAGES.titleTooLong, PROMO_MESSAGES.titleRequired),
    description: textField(300, PROMO_MESSAGES.description),
    label: textField(30, PROMO_MESSAGES.label).refine((label) => !saysTime(label), PROMO_MESSAGES.labelTime),
    urutan: positionField(PROMO_MESSAGES.urutan),
    aktif: checkbox,
    /** The rule applies at checkout with no card on /beranda and no picture (absent: a card). */
    tanpa_kartu: checkbox,
    /** Empty: from now. */
    active_from: optionalDate,
    /** Inclusive; empty: no end. */
    active_until: optionalDate,
    ...ruleFields,
  })
  .superRefine((promo, context) => {
    const issue = (field: string, message: string) =>
      context.addIssue({ code: "custom", path: [field], message });
    const dates = dateRangeProblem(promo.active_from, promo.active_until);
    if (dates) issue("active_until", dates);
    const rule = ruleFromForm(promo);
    if (promo.tanpa_kartu && !rule && !context.issues.some((entry) => entry.path?.[0] === "kind"))
      issue("kind", PROMO_MESSAGES.cardOrRule);
    checkRuleForm(promo, rule, new Set(context.issues.map((entry) => entry.path?.[0])), issue);
    // Built once, here: the action stores the rule these checks checked. (A transform would
    // not run beside another field's message, and the page shows every message at once.)
    Object.assign(promo, { rule });
  })
  .transform((promo) => promo as typeof promo & { rule: PromoRule | null });

// A new promo (`today` known, on the server) may not end before today.
export function dateRangeProblem(from: string, until: string, today: string | null = null): string | null {
  if (from && until && from > until) return PROMO_MESSAGES.dateOrder;
  if (today && until && until < today) return PROMO_MESSAGES.datePast;
  return null;
}

export type PromoValues = z.infer<typeof PromoSchema>;
