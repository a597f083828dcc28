// The three placement lists, replaced at once with their audit entry; the caller has checked `requireAccess`.
import { eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../../../database/client.server.ts";
import { menuItems } from "../../../database/schema.ts";
import { invalidateContentCache } from "../../lib/content-cache.server.ts";
import { parseAdminInput } from "../../lib/form-input.server.ts";
import { refuse, refusedBy, written, type WriteResult } from "../../lib/write-result.ts";
import { writeAudit, type Actor } from "../audit/audit-log.server.ts";
import { RANKING_MESSAGES, RankingSchema } from "./ranking-schema.ts";

type RankColumn = "featured_rank" | "best_seller_rank" | "produk_rank";

const anyRanked = sql`${menuItems.featured_rank} is not null or ${menuItems.best_seller_rank} is not null or ${menuItems.produk_rank} is not null`;

export async function setMenuRankings(db: Database, actor: Actor, input: unknown): Promise<WriteResult> {
  const parsed = parseAdminInput(RankingSchema, input);
  if (!parsed.success) return refusedBy(parsed.error);
  const { featured, bestSellers, produk } = parsed.data;
  const all = [...new Set([...featured, ...bestSellers, ...produk])];
  const known =
    all.length === 0
      ? []
      : await db
          .select({ id: menuItems.id, nama: menuItems.nama })
          .from(menuItems)
          .where(inArray(menuItems.id, all));
  if (known.length !== all.length) return refuse(400, RANKING_MESSAGES.unknown);
  const names = new Map(known.map((item) => [item.id, item.nama]));
  await db.transaction(async (tx) => {
    // Cleared first: each rank is unique, and the new order may swap two items.
    await tx
      .update(menuItems)
      .set({ featured_rank: null, best_seller_rank: null, produk_rank: null })
      .where(anyRanked);
    const place = async (ids: string[], column: RankColumn) => {
      for (const [index, id] of ids.entries()) {
        await tx
          .update(menuItems)
          .set({ [column]: index + 1 })
          .where(eq(menuItems.id, id));
      }
    };
    await place(featured, "featured_rank");
    await place(bestSellers, "best_seller_rank");
    await place(produk, "produk_rank");
    const list = (ids: string[]) => ids.map((id) => names.get(id)).join(", ") || "kosong";
    await writeAudit(tx, actor, {
      action: "urutan",
      entity: "menu-populer",
      summary: `Menu unggulan: ${list(featured)}; terlaris: ${list(bestSellers)}; produk: ${list(produk)}`,
      details: { featured, bestSellers, produk },
    });
  });
  invalidateContentCache();
  return written(undefined);
}

export async function rankedIds(db: Database) {
  const rows = await db
    .select({
      id: menuItems.id,
      featured_rank: menuItems.featured_rank,
      best_seller_rank: menuItems.best_seller_rank,
      produk_rank: menuItems.produk_rank,
    })
    .from(menuItems)
    .where(anyRanked);
  const ordered = (column: RankColumn) =>
    rows
      .filter((row) => row[column] !== null)
      .sort((a, b) => (a[column] ?? 0) - (b[column] ?? 0))
      .map((row) => row.id);
  return {
    featured: ordered("featured_rank"),
    bestSellers: ordered("best_seller_rank"),
    produk: ordered("produk_rank"),
  };
}
