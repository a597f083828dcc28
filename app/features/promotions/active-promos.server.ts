/** The promos that price carts now: active, with a rule that reads (promos without one are pictures). */
import { and, asc, eq, isNotNull } from "drizzle-orm";
import type { Database } from "../../../database/client.server.ts";
import { promos } from "../../../database/schema.ts";
import type { PricingPromo } from "./adjustments.ts";
import { readRule } from "./rule.ts";

export async function loadActivePromos(db: Pick<Database, "select">): Promise<PricingPromo[]> {
  const rows = await db
    .select({
      id: promos.id,
      title: promos.title,
      urutan: promos.urutan,
      rule: promos.rule,
      active_from: promos.active_from,
      active_until: promos.active_until,
    })
    .from(promos)
    .where(and(eq(promos.aktif, true), isNotNull(promos.rule)))
    .orderBy(asc(promos.urutan), asc(promos.id));
  return rows.flatMap((row) => {
    const rule = readRule(row.rule);
    return rule
      ? [
          {
            id: row.id,
            title: row.title,
            urutan: row.urutan,
            rule,
            active_from: row.active_from?.getTime() ?? null,
            active_until: row.active_until?.getTime() ?? null,
          },
        ]
      : [];
  });
}
