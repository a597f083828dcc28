import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { DatabaseHandle } from "../../../database/client.server.ts";
import { auditLog, categories, menuItems, users } from "../../../database/schema.ts";
import type { Actor } from "../../../app/features/audit/audit-log.server.ts";
import { updateMenuItem } from "../../../app/features/catalog/menu-items.server.ts";
import { formatRupiah } from "../../../app/lib/format.ts";
import { useDatabaseHandle } from "../../../app/lib/db.server.ts";
import { newUserId } from "../../../app/features/accounts/users.server.ts";
import { createTestDatabase, testDatabaseKind } from "../../support/test-database.ts";
import { editForm, editValues } from "../../support/menu-edits.ts";

/**
 * Reliability (issue #6): simultaneous edits of one menu item. Each edit sets every field to
 * values derived from its own number, so a row mixing two edits would show. On PostgreSQL the
 * edits really run at once on separate pooled connections; PGlite takes them one at a time.
 */
let handle: DatabaseHandle;
let dataDir: string;
const admins: Actor[] = [];

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), "nyala-concurrent-"));
  vi.stubEnv("DATA_DIR", dataDir);
  handle = await createTestDatabase();
  useDatabaseHandle(handle);
  for (let i = 0; i < 3; i++) {
    const id = newUserId();
    const email = `admin-${i}-${id.toLowerCase()}@contoh.test`;
    await handle.db
      .insert(users)
      .values({ id, nama: `Admin ${i}`, email, provider: "password", role: "pemilik" });
    admins.push({ id, email });
  }
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await handle?.close();
  await rm(dataDir, { recursive: true, force: true });
});

const CATEGORY_IDS: Record<string, string> = { Makanan: "makanan", Minuman: "minuman", Cemilan: "cemilan" };

describe(`simultaneous edits of one menu item (${testDatabaseKind()})`, () => {
  it("40 edits at once: every one is saved and audited, the row is exactly the last one, never a mix", async () => {
    const [category] = await handle.db.select().from(categories).where(eq(categories.id, "minuman"));
    expect(category).toBeDefined();
    const [original] = await handle.db.select().from(menuItems).where(eq(menuItems.id, "es-nyala"));
    const count = 40;
    const results = await Promise.all(
      Array.from({ length: count }, (_, n) =>
        updateMenuItem(handle.db, admins[n % admins.length]!, "es-nyala", editForm(n), null),
      ),
    );
    expect(results.filter((result) => !result.ok)).toEqual([]);

    const audit = await handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "menu"), eq(auditLog.entity_id, "es-nyala")))
      .orderBy(asc(auditLog.id));
    expect(audit).toHaveLength(count);
    const versions = audit.map((entry) => Number(/Versi (\d+)/.exec(entry.summary)![1]));
    expect(new Set(versions).size).toBe(count);

    // The last committed edit (the last audit entry, written in the same transaction) is the row.
    const last = versions.at(-1)!;
    const [row] = await handle.db.select().from(menuItems).where(eq(menuItems.id, "es-nyala"));
    const { kategori, ...expected } = editValues(last);
    expect(row).toMatchObject({
      ...expected,
      category_id: CATEGORY_IDS[kategori],
      gambar: original!.gambar,
    });

    // Each entry describes the change from the values it replaced: the chain of prices is unbroken.
    let price = original!.harga;
    for (const [index, entry] of audit.entries()) {
      const next = 10_000 + versions[index]! * 100;
      expect(entry.summary).toContain(`harga ${formatRupiah(price)} → ${formatRupiah(next)}`);
      price = next;
    }
  });
});
