// The promo cards /beranda shows: switched on, inside their dates, rules read back by rule.ts.
import { and, asc, eq, gt, isNull, lte, or } from "drizzle-orm";
import type { Database } from "../../../database/client.server.ts";
import { promos } from "../../../database/schema.ts";
import { storeDate } from "../../lib/clock.server.ts";
import type { PromoRow } from "./promo-card-view.ts";
import { readRule } from "./rule.ts";

export async function getActivePromos(db: Database, now = storeDate()): Promise<PromoRow[]> {
  const rows = await db
    .select({
      id: promos.id,
      title: promos.title,
      description: promos.description,
      image: promos.image,
      label: promos.label,
      rule: promos.rule,
      active_from: promos.active_from,
      active_until: promos.active_until,
    })
    .from(promos)
    .where(
      and(
        eq(promos.aktif, true),
        eq(promos.kartu, true),
        or(isNull(promos.active_from), lte(promos.active_from, now)),
        or(isNull(promos.active_until), gt(promos.active_until, now)),
      ),
    )
    .orderBy(asc(promos.urutan), asc(promos.id));
  return rows.map((row) => ({ ...row, rule: readRule(row.rule) }));
}
