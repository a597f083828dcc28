// Lead time, the portion shares and "Toko sibuk", audited in their transaction; the caller has checked the actor is an admin.
import { z } from "zod";
import type { Database } from "../../../database/client.server.ts";
import { storeSettings } from "../../../database/schema.ts";
import { storeDate } from "../../lib/clock.server.ts";
import { invalidateContentCache } from "../../lib/content-cache.server.ts";
import { parseAdminInput } from "../../lib/form-input.server.ts";
import { writeAudit, type Actor } from "../audit/audit-log.server.ts";
import { written, type WriteResult } from "../../lib/write-result.ts";
import { clockTime } from "./order-time.ts";
import type { LeadTimeSchema } from "./lead-time-schema.ts";
import type { PortionShareSchema } from "./portion-share-schema.ts";

type Result =
  | { ok: true; message: string }
  | { ok: false; status: 400; message: string; fieldErrors: Record<string, string> };

/** Minutes; 0 is "until I open orders again". */
export const BUSY_CHOICES = [15, 30, 60, 0] as const;
const BUSY_MESSAGE = "Pilih lama toko sibuk: 15, 30, atau 60 menit, atau sampai dibuka lagi.";

const BusySchema = z.object({
  menit: z.enum(BUSY_CHOICES.map((minutes) => String(minutes)) as [string, ...string[]], {
    error: BUSY_MESSAGE,
  }),
});

async function save(
  db: Database,
  actor: Actor,
  values: Partial<typeof storeSettings.$inferInsert>,
  summary: string,
  details: Record<string, unknown>,
) {
  await db.transaction(async (tx) => {
    await tx
      .insert(storeSettings)
      .values({ id: 1, ...values })
      .onConflictDoUpdate({ target: storeSettings.id, set: { ...values, updated_at: new Date() } });
    await writeAudit(tx, actor, { action: "ubah", entity: "outlet", entityId: 1, summary, details });
  });
  invalidateContentCache();
}

export async function updateLeadTime(
  db: Database,
  actor: Actor,
  values: z.output<typeof LeadTimeSchema>,
): Promise<WriteResult> {
  const minutes = values.lead_minutes;
  await save(db, actor, { lead_minutes: minutes }, `Waktu persiapan pesanan: ${minutes} menit`, {
    lead_minutes: minutes,
  });
  return written(undefined);
}

export async function updatePortionShare(
  db: Database,
  actor: Actor,
  values: z.output<typeof PortionShareSchema>,
): Promise<WriteResult> {
  const { portions_per_order: perOrder, portions_per_address: perAddress } = values;
  await save(
    db,
    actor,
    { portions_per_order: perOrder, portions_per_address: perAddress },
    `Porsi harian: paling banyak ${perOrder} per pesanan, ${perAddress} per pelanggan sehari`,
    { portions_per_order: perOrder, portions_per_address: perAddress },
  );
  return written(undefined);
}

export async function setBusy(
  db: Database,
  actor: Actor,
  input: Record<string, unknown>,
  timezone: string,
  now: Date = storeDate(),
): Promise<Result> {
  const parsed = parseAdminInput(BusySchema, input);
  if (!parsed.success) return { ok: false, status: 400, message: BUSY_MESSAGE, fieldErrors: {} };
  const minutes = Number(parsed.data.menit);
  const until = minutes === 0 ? null : new Date(now.getTime() + minutes * 60_000);
  await save(
    db,
    actor,
    { busy_until: until, busy_open_ended: minutes === 0 },
    until ? `Toko sibuk sampai pukul ${clockTime(until, timezone)}` : "Toko sibuk sampai dibuka lagi",
    { busy_until: until?.toISOString() ?? null },
  );
  return {
    ok: true,
    message: until
      ? `Toko sibuk: pesanan baru dijeda sampai pukul ${clockTime(until, timezone)}.`
      : "Toko sibuk: pesanan baru dijeda sampai Anda membukanya lagi.",
  };
}

export async function clearBusy(db: Database, actor: Actor): Promise<Result> {
  await save(db, actor, { busy_until: null, busy_open_ended: false }, "Toko menerima pesanan lagi", {});
  return { ok: true, message: "Toko menerima pesanan baru lagi." };
}
