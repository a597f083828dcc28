/**
 * The promo cards of /beranda (/admin/menu-diskon). A promo shows between two days of the
 * store's calendar: the form speaks in `YYYY-MM-DD`, the row stores the moments those days begin
 * and end in the store's time zone. Checked with PromoSchema (promo-schema.ts); written with
 * its audit entry in one transaction (picture-cards.server.ts, photo-writes.server.ts). The
 * caller has already checked that the actor is an admin.
 */
import { asc, eq } from "drizzle-orm";
import type { Database } from "../../../database/client.server.ts";
import type { PromoRule, PromoTarget } from "../../../database/types.ts";
import { categories, menuItems, promos } from "../../../database/schema.ts";
import { storeNow } from "../../lib/clock.server.ts";
import { formatRupiah } from "../../lib/format.ts";
import { isRowId, parseAdminInput } from "../../lib/form-input.server.ts";
import { refuse, refusedBy, type Refusal, type WriteResult } from "../../lib/write-result.ts";
import { offerText } from "../promotions/labels.ts";
import { targetNamer } from "../promotions/promo-card-view.ts";
import { readRule } from "../promotions/rule.ts";
import { bundleParts, formFromRule, ruleFromForm } from "../promotions/rule-form.ts";
import { describeEdit, type ChangeWording } from "../audit/audit-changes.ts";
import { writeAudit, type Actor } from "../audit/audit-log.server.ts";
import { updateWithPhoto } from "../media/photo-writes.server.ts";
import { startOfZonedDay, zonedDateString } from "../store/opening-hours.ts";
import { getStoreSettingsValues } from "../store/settings.server.ts";
import { PROMO_MESSAGES, PromoSchema, type PromoValues } from "./promo-schema.ts";
import { cardExists, cardNotFound, createCard, deleteCard } from "./picture-cards.server.ts";

export interface AdminPromo {
  id: number;
  title: string;
  description: string;
  image: string;
  label: string;
  urutan: number;
  aktif: boolean;
  /** As the form shows them: `YYYY-MM-DD` in the store's calendar, or "". */
  active_from: string;
  active_until: string;
  /** The stored rule (null: a picture), and its fields as the form shows them. */
  rule: PromoRule | null;
  ruleForm: Record<string, string | string[]>;
}

/** A promo row as the form shows it. */
function promoFormValues(row: typeof promos.$inferSelect, timezone: string): AdminPromo {
  const rule = readRule(row.rule);
  return {
    rule,
    ruleForm: formFromRule(rule),
    id: row.id,
    title: row.title,
    description: row.description,
    image: row.image,
    label: row.label,
    urutan: row.urutan,
    aktif: row.aktif,
    active_from: row.active_from ? zonedDateString(row.active_from, timezone) : "",
    // Stored as the first moment after the last day.
    active_until: row.active_until ? zonedDateString(new Date(row.active_until.getTime() - 1), timezone) : "",
  };
}

export async function listPromosForAdmin(db: Database, timezone: string): Promise<AdminPromo[]> {
  const rows = await db.select().from(promos).orderBy(asc(promos.urutan), asc(promos.id));
  return rows.map((row) => promoFormValues(row, timezone));
}

function promoColumns(values: PromoValues, timezone: string) {
  return {
    title: values.title,
    description: values.description,
    label: values.label,
    urutan: values.urutan,
    aktif: values.aktif,
    active_from: values.active_from ? startOfZonedDay(values.active_from, timezone) : null,
    active_until: values.active_until ? startOfZonedDay(values.active_until, timezone, 1) : null,
    rule: ruleFromForm(values),
  };
}

export const RULE_DB_MESSAGES = {
  unknownTarget: "Ada pilihan menu yang sudah tidak ada. Muat ulang halaman lalu pilih lagi.",
  bundleNotCheaper: (sum: number) =>
    `Harga paket harus lebih murah dari harga satuan isinya (${formatRupiah(sum)}).`,
} as const;

/**
 * What only the database can check of a rule: every menu item, dish and category it names
 * exists, and a bundle costs less than its parts at their cheapest. A new promo may not end
 * before today (the store's calendar).
 */
async function checkAgainstMenu(
  db: Database,
  values: PromoValues,
  timezone: string,
  creating: boolean,
): Promise<Refusal | null> {
  if (
    creating &&
    values.active_until &&
    values.active_until < zonedDateString(new Date(storeNow()), timezone)
  ) {
    return refuse(400, PROMO_MESSAGES.datePast, { active_until: PROMO_MESSAGES.datePast });
  }
  const rule = ruleFromForm(values);
  if (!rule) return null;
  const [items, sections] = await Promise.all([
    db
      .select({
        id: menuItems.id,
        harga: menuItems.harga,
        level_family: menuItems.level_family,
        category_id: menuItems.category_id,
      })
      .from(menuItems),
    db.select({ id: categories.id }).from(categories),
  ]);
  const matching = (target: PromoTarget) => {
    const value = target.slice(target.indexOf(":") + 1);
    if (target.startsWith("item:")) return items.filter((item) => item.id === value);
    if (target.startsWith("family:")) return items.filter((item) => item.level_family === value);
    return sections.some((section) => section.id === value)
      ? items.filter((item) => item.category_id === value)
      : null;
  };
  const named: [string, PromoTarget][] = [
    ...rule.targets.map((target): [string, PromoTarget] => ["targets", target]),
    ...(rule.reward ? [["reward", rule.reward] as [string, PromoTarget]] : []),
    ...bundleParts(values).map((part): [string, PromoTarget] => [part.field, part.target]),
  ];
  for (const [field, target] of named) {
    const found = matching(target);
    // A category may be empty for now; an item or a dish must exist.
    if (found === null || (!target.startsWith("category:") && found.length === 0)) {
      return refuse(400, RULE_DB_MESSAGES.unknownTarget, { [field]: RULE_DB_MESSAGES.unknownTarget });
    }
  }
  if (rule.kind === "paket") {
    let sum = 0;
    for (const part of rule.bundle) {
      const prices = (matching(part.target) ?? []).map((item) => item.harga);
      sum += (prices.length > 0 ? Math.min(...prices) : 0) * part.jumlah;
    }
    if ((rule.bundle_price ?? 0) >= sum) {
      const message = RULE_DB_MESSAGES.bundleNotCheaper(sum);
      return refuse(400, message, { bundle_price: message });
    }
  }
  return null;
}

export async function createPromo(
  db: Database,
  actor: Actor,
  input: unknown,
  photo: unknown,
): Promise<WriteResult<{ id: number }>> {
  const parsed = parseAdminInput(PromoSchema, input);
  if (!parsed.success) return refusedBy(parsed.error);
  const { timezone } = await getStoreSettingsValues(db);
  const refused = await checkAgainstMenu(db, parsed.data, timezone, true);
  if (refused) return refused;
  return createCard(db, actor, "promo", photo, parsed.data, async (tx, image) => {
    const [row] = await tx
      .insert(promos)
      .values({ ...promoColumns(parsed.data, timezone), image })
      .returning({ id: promos.id });
    return row!.id;
  });
}

const PROMO_WORDING: ChangeWording = {
  title: "judul",
  description: () => "deskripsi diubah",
  label: "label",
  urutan: "urutan",
  aktif: (_, after) => (after ? "diaktifkan" : "dinonaktifkan"),
  active_from: "tampil mulai",
  active_until: "tampil sampai",
  image: () => "gambar baru",
  rule: (_, after) => (after ? "aturan harga diubah" : "aturan harga dihapus"),
};

export async function updatePromo(
  db: Database,
  actor: Actor,
  id: number,
  input: unknown,
  photo: unknown,
): Promise<WriteResult> {
  if (!isRowId(id)) return cardNotFound("promo");
  const parsed = parseAdminInput(PromoSchema, input);
  if (!parsed.success) return refusedBy(parsed.error);
  const values = parsed.data;
  const { timezone } = await getStoreSettingsValues(db);
  const refused = await checkAgainstMenu(db, values, timezone, false);
  if (refused) return refused;
  const rule = {
    kind: "promo",
    notFound: PROMO_MESSAGES.notFound,
    exists: () => cardExists(db, "promo", id),
  } as const;
  return updateWithPhoto(db, photo, rule, async (tx, image) => {
    // Locked until this change commits, so the audit entry describes the values it replaced.
    const [row] = await tx.select().from(promos).where(eq(promos.id, id)).for("update");
    if (!row) return false;
    const { id: _id, ruleForm: _form, ...before } = promoFormValues(row, timezone);
    const columns = promoColumns(values, timezone);
    await tx
      .update(promos)
      .set({ ...columns, ...(image ? { image } : {}), updated_at: new Date() })
      .where(eq(promos.id, id));
    const { kind: _kind, ...shown } = values;
    await writeAudit(tx, actor, {
      action: "ubah",
      entity: "promo",
      entityId: id,
      ...describeEdit(
        `Promo ${values.title}`,
        { ...before, rule: JSON.stringify(before.rule) },
        {
          title: shown.title,
          description: shown.description,
          label: shown.label,
          urutan: shown.urutan,
          aktif: shown.aktif,
          active_from: shown.active_from,
          active_until: shown.active_until,
          image: image ?? before.image,
          rule: JSON.stringify(columns.rule),
        },
        PROMO_WORDING,
      ),
    });
    return row.image;
  });
}

/** A promo's rule in words for the admin list: what it gives. */
export async function describeRules(db: Database, list: AdminPromo[]): Promise<Record<number, string>> {
  if (!list.some((promo) => promo.rule)) return {};
  const [items, sections] = await Promise.all([
    db
      .select({
        id: menuItems.id,
        nama: menuItems.nama,
        harga: menuItems.harga,
        tersedia: menuItems.tersedia,
        category_id: menuItems.category_id,
        level_family: menuItems.level_family,
        level: menuItems.level,
      })
      .from(menuItems),
    db.select({ id: categories.id, nama: categories.nama }).from(categories),
  ]);
  const name = targetNamer({
    menu: new Map(items.map((item) => [item.id, item])),
    categoryNames: new Map(sections.map((section) => [section.id, section.nama])),
  });
  return Object.fromEntries(
    list.flatMap((promo) => (promo.rule ? [[promo.id, offerText(promo.rule, name)]] : [])),
  );
}

export const deletePromo = (db: Database, actor: Actor, id: number) => deleteCard(db, actor, "promo", id);
