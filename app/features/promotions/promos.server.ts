// /admin/menu-diskon's writes, checked against the menu, each with its audit entry in one transaction (0027).
import { asc, eq } from "drizzle-orm";
import type { Database } from "../../../database/client.server.ts";
import { categories, menuItems, promos } from "../../../database/schema.ts";
import { storeNow } from "../../lib/clock.server.ts";
import { formatRupiah } from "../../lib/format.ts";
import { isRowId } from "../../lib/form-input.server.ts";
import { refuse, type Refusal, type WriteResult } from "../../lib/write-result.ts";
import { describeEdit, type ChangeWording } from "../audit/audit-changes.ts";
import { writeAudit, type Actor } from "../audit/audit-log.server.ts";
import { isUpload } from "../media/photo-writes.server.ts";
import { listCategories } from "../catalog/categories.server.ts";
import { listMenuItemsForAdmin } from "../catalog/menu-items.server.ts";
import {
  cardNotFound,
  createCard,
  deleteCard,
  updateCard,
  type PictureCard,
} from "../catalog/picture-cards.server.ts";
import { startOfZonedDay, zonedDateString } from "../store/opening-hours.ts";
import { getStoreSettingsValues } from "../store/settings.server.ts";
import { offerText } from "./labels.ts";
import { dateRangeProblem, PROMO_MESSAGES, type PromoValues } from "./promo-schema.ts";
import { readRule, type PromoRule, type PromoTarget } from "./rule.ts";
import { bundleParts, formFromRule, targetOptions } from "./rule-form.ts";
import { cheapestOf, matchesTarget, parseTarget } from "./targets.ts";

const PROMO_CARD: PictureCard = { kind: "promo", table: promos, label: "Promo", messages: PROMO_MESSAGES };

export interface AdminPromo {
  id: number;
  title: string;
  description: string;
  image: string;
  label: string;
  urutan: number;
  aktif: boolean;
  kartu: boolean;
  active_from: string;
  active_until: string;
  rule: PromoRule | null;
  ruleForm: Record<string, string | string[]>;
}

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
    kartu: row.kartu,
    active_from: row.active_from ? zonedDateString(row.active_from, timezone) : "",
    // Stored as the first moment after the last day.
    active_until: row.active_until ? zonedDateString(new Date(row.active_until.getTime() - 1), timezone) : "",
  };
}

export async function listPromosForAdmin(db: Database, timezone: string): Promise<AdminPromo[]> {
  const rows = await db.select().from(promos).orderBy(asc(promos.urutan), asc(promos.id));
  return rows.map((row) => promoFormValues(row, timezone));
}

export async function getPromoAdminPage(db: Database) {
  const { timezone } = await getStoreSettingsValues(db);
  const [list, categories, items] = await Promise.all([
    listPromosForAdmin(db, timezone),
    listCategories(db),
    listMenuItemsForAdmin(db),
  ]);
  const names = {
    menu: new Map(items.map((item) => [item.id, item])),
    categoryNames: new Map(categories.map((category) => [category.id, category.nama])),
  };
  const offers: Record<number, string> = Object.fromEntries(
    list.flatMap((promo) => (promo.rule ? [[promo.id, adminOfferText(promo.rule, names)]] : [])),
  );
  return { promos: list, offers, options: targetOptions(categories, items) };
}

// The list names what a customer must spend too: a promo that never applies looks otherwise alike.
const adminOfferText = (rule: PromoRule, names: Parameters<typeof offerText>[1]) =>
  rule.min_subtotal > 0
    ? `${offerText(rule, names)}, min. belanja ${formatRupiah(rule.min_subtotal)}`
    : offerText(rule, names);

export const RULE_DB_MESSAGES = {
  unknownTarget: "Ada pilihan menu yang sudah tidak ada. Muat ulang halaman lalu pilih lagi.",
  bundleNotCheaper: (sum: number) =>
    `Harga paket harus lebih murah dari harga satuan isinya (${formatRupiah(sum)}).`,
} as const;

// Every item, dish and category named exists; a bundle costs less than its parts at their cheapest.
async function checkAgainstMenu(
  db: Database,
  values: PromoValues,
  rule: PromoRule | null,
  timezone: string,
  creating: boolean,
): Promise<Refusal | null> {
  const today = creating ? zonedDateString(new Date(storeNow()), timezone) : null;
  const dates = dateRangeProblem(values.active_from, values.active_until, today);
  if (dates) return refuse(400, dates, { active_until: dates });
  if (!rule) return null;
  const [items, sections] = await Promise.all([
    db
      .select({
        id: menuItems.id,
        nama: menuItems.nama,
        harga: menuItems.harga,
        category_id: menuItems.category_id,
        level_family: menuItems.level_family,
      })
      .from(menuItems),
    db.select({ id: categories.id }).from(categories),
  ]);
  const menu = new Map(items.map((item) => [item.id, item]));
  // A category may be empty for now; an item or a dish must exist.
  const known = (target: PromoTarget) => {
    const parts = parseTarget(target);
    return parts?.kind === "category"
      ? sections.some((section) => section.id === parts.value)
      : items.some((item) => matchesTarget(target, item));
  };
  const named: [string, PromoTarget][] = [
    ...rule.targets.map((target): [string, PromoTarget] => ["targets", target]),
    ...(rule.reward ? [["reward", rule.reward] as [string, PromoTarget]] : []),
    ...bundleParts(values).map((part): [string, PromoTarget] => [part.field, part.target]),
  ];
  const unknown = named.find(([, target]) => !known(target));
  if (unknown) {
    return refuse(400, RULE_DB_MESSAGES.unknownTarget, { [unknown[0]]: RULE_DB_MESSAGES.unknownTarget });
  }
  if (rule.kind === "paket") {
    const sum = rule.bundle.reduce((total, part) => {
      const price = cheapestOf(part.target, menu);
      return total + (Number.isFinite(price) ? price : 0) * part.jumlah;
    }, 0);
    if ((rule.bundle_price ?? 0) >= sum) {
      const message = RULE_DB_MESSAGES.bundleNotCheaper(sum);
      return refuse(400, message, { bundle_price: message });
    }
  }
  return null;
}

/** The columns stored as the form gave them, also what the audit compares. */
const plainColumns = (values: PromoValues) => ({
  title: values.title,
  description: values.description,
  label: values.label,
  urutan: values.urutan,
  aktif: values.aktif,
  kartu: !values.tanpa_kartu,
});

async function promoColumns(db: Database, values: PromoValues, creating: boolean) {
  const { timezone } = await getStoreSettingsValues(db);
  const { rule } = values;
  const columns = {
    ...plainColumns(values),
    active_from: values.active_from ? startOfZonedDay(values.active_from, timezone) : null,
    active_until: values.active_until ? startOfZonedDay(values.active_until, timezone, 1) : null,
    rule,
  };
  return { refused: await checkAgainstMenu(db, values, rule, timezone, creating), columns, timezone };
}

export async function createPromo(
  db: Database,
  actor: Actor,
  values: PromoValues,
  photo: unknown,
): Promise<WriteResult<{ id: number }>> {
  const { refused, columns } = await promoColumns(db, values, true);
  if (refused) return refused;
  return createCard(
    db,
    actor,
    PROMO_CARD,
    photo,
    values,
    async (tx, image) => {
      const [row] = await tx
        .insert(promos)
        .values({ ...columns, image })
        .returning({ id: promos.id });
      return row!.id;
    },
    { photoOptional: values.tanpa_kartu },
  );
}

const PROMO_WORDING: ChangeWording = {
  title: "judul",
  description: () => "deskripsi diubah",
  label: "label",
  urutan: "urutan",
  aktif: (_, after) => (after ? "diaktifkan" : "dinonaktifkan"),
  kartu: (_, after) => (after ? "kartu tampil di Beranda" : "tanpa kartu di Beranda"),
  active_from: "tampil mulai",
  active_until: "tampil sampai",
  image: () => "gambar baru",
  rule: (_, after) => (after ? "aturan harga diubah" : "aturan harga dihapus"),
};

export async function updatePromo(
  db: Database,
  actor: Actor,
  id: number,
  values: PromoValues,
  photo: unknown,
): Promise<WriteResult> {
  if (!isRowId(id)) return cardNotFound(PROMO_CARD);
  const { refused, columns, timezone } = await promoColumns(db, values, false);
  if (refused) return refused;
  if (!values.tanpa_kartu && !isUpload(photo)) {
    const [row] = await db.select({ image: promos.image }).from(promos).where(eq(promos.id, id));
    if (row?.image === "") {
      const message = PROMO_MESSAGES.photoRequired;
      return refuse(400, message, { foto: message });
    }
  }
  return updateCard(db, PROMO_CARD, id, photo, async (tx, image) => {
    const [row] = await tx.select().from(promos).where(eq(promos.id, id)).for("update");
    if (!row) return false;
    const { id: _id, ruleForm: _form, ...before } = promoFormValues(row, timezone);
    await tx
      .update(promos)
      .set({ ...columns, ...(image ? { image } : {}), updated_at: new Date() })
      .where(eq(promos.id, id));
    await writeAudit(tx, actor, {
      action: "ubah",
      entity: "promo",
      entityId: id,
      ...describeEdit(
        `Promo ${values.title}`,
        { ...before, rule: JSON.stringify(before.rule) },
        {
          ...plainColumns(values),
          active_from: values.active_from,
          active_until: values.active_until,
          image: image ?? before.image,
          rule: JSON.stringify(columns.rule),
        },
        PROMO_WORDING,
      ),
    });
    return row.image;
  });
}

export const deletePromo = (db: Database, actor: Actor, id: number) => deleteCard(db, actor, PROMO_CARD, id);
