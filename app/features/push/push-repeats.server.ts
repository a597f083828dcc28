// The owner's limit on push reminders (one store setting); the caller has checked the actor is an admin.
import { eq } from "drizzle-orm";
import type { Database } from "../../../database/client.server.ts";
import { storeSettings } from "../../../database/schema.ts";
import { parseAdminInput } from "../../lib/form-input.server.ts";
import { refusedBy, written, type WriteResult } from "../../lib/write-result.ts";
import { writeAudit, type Actor } from "../audit/audit-log.server.ts";
import { DEFAULT_PUSH_REPEATS, PushRepeatsSchema } from "./push-repeats-schema.ts";

export async function getPushRepeats(db: Database): Promise<number> {
  const [row] = await db
    .select({ repeats: storeSettings.push_repeats })
    .from(storeSettings)
    .where(eq(storeSettings.id, 1));
  return row?.repeats ?? DEFAULT_PUSH_REPEATS;
}

export async function savePushRepeats(
  db: Database,
  actor: Actor,
  input: unknown,
): Promise<WriteResult<number>> {
  const parsed = parseAdminInput(PushRepeatsSchema, input);
  if (!parsed.success) return refusedBy(parsed.error);
  const repeats = parsed.data.ulangan;
  await db.transaction(async (tx) => {
    await tx
      .insert(storeSettings)
      .values({ id: 1, push_repeats: repeats })
      .onConflictDoUpdate({
        target: storeSettings.id,
        set: { push_repeats: repeats, updated_at: new Date() },
      });
    await writeAudit(tx, actor, {
      action: "ubah",
      entity: "outlet",
      entityId: 1,
      summary: `Pengingat push pesanan baru: ${repeats}×`,
      details: { push_repeats: repeats },
    });
  });
  return written(repeats);
}
