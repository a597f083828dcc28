// Saving /admin/outlet: the row and its audit entry in one transaction; the caller has checked the admin.
import type { Database } from "../../../database/client.server.ts";
import { storeSettings } from "../../../database/schema.ts";
import { invalidateContentCache } from "../../lib/content-cache.server.ts";
import { parseAdminInput } from "../../lib/form-input.server.ts";
import { refusedBy, written, type WriteResult } from "../../lib/write-result.ts";
import { writeAudit, type Actor } from "../audit/audit-log.server.ts";
import { DAY_NAMES, type OpeningDay } from "./opening-hours.ts";
import { OutletSchema } from "./settings-form.ts";
import { getStoreSettingsValues, type StoreSettingsValues } from "./settings.server.ts";

type OutletValues = Omit<
  StoreSettingsValues,
  "lead_minutes" | "portion_share" | "busy_until" | "busy_open_ended"
>;

const OUTLET_FIELD_NAMES: Record<keyof OutletValues, string> = {
  brand: "nama toko",
  address: "alamat",
  whatsapp: "nomor WhatsApp",
  instagram_url: "Instagram",
  facebook_url: "Facebook",
  tiktok_url: "TikTok",
  opening_hours: "jam buka",
  timezone: "zona waktu",
};

const pick = (source: object, keys: string[]) =>
  Object.fromEntries(keys.map((key) => [key, (source as Record<string, unknown>)[key]]));

export async function updateStoreSettings(db: Database, actor: Actor, input: unknown): Promise<WriteResult> {
  const parsed = parseAdminInput(OutletSchema, input);
  if (!parsed.success) return refusedBy(parsed.error);
  const values = parsed.data as Record<string, string | boolean>;
  const opening_hours: OpeningDay[] = DAY_NAMES.map((_, index) => ({
    buka: String(values[`buka_${index}`]),
    tutup: String(values[`tutup_${index}`]),
    libur: values[`libur_${index}`] === true,
  }));
  const next: OutletValues = {
    brand: parsed.data.brand,
    address: parsed.data.address,
    whatsapp: parsed.data.whatsapp,
    instagram_url: parsed.data.instagram_url,
    facebook_url: parsed.data.facebook_url,
    tiktok_url: parsed.data.tiktok_url,
    opening_hours,
    timezone: parsed.data.timezone,
  };
  const before = await getStoreSettingsValues(db);
  const changed = (Object.keys(next) as (keyof OutletValues)[]).filter(
    (key) => JSON.stringify(before[key]) !== JSON.stringify(next[key]),
  );
  await db.transaction(async (tx) => {
    await tx
      .insert(storeSettings)
      .values({ id: 1, ...next })
      .onConflictDoUpdate({ target: storeSettings.id, set: { ...next, updated_at: new Date() } });
    await writeAudit(tx, actor, {
      action: "ubah",
      entity: "outlet",
      entityId: 1,
      summary: changed.length
        ? `Pengaturan toko diubah: ${changed.map((key) => OUTLET_FIELD_NAMES[key]).join(", ")}`
        : "Pengaturan toko disimpan tanpa perubahan",
      details: { before: pick(before, changed), after: pick(next, changed) },
    });
  });
  invalidateContentCache();
  return written(undefined);
}
