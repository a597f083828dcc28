// Readable ids of categories and menu items (`minuman-dingin`, `mie-nyala-2`), taken from their names.
import { sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Database } from "../../../database/client.server.ts";

function slugOf(nama: string, max: number, fallback: string): string {
  return (
    nama
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, max)
      .replace(/-+$/, "") || fallback
  );
}

export async function freeSlug(
  db: Pick<Database, "select">,
  table: PgTable,
  id: PgColumn,
  nama: string,
  { max, fallback }: { max: number; fallback: string },
): Promise<string> {
  const base = slugOf(nama, max, fallback);
  const taken = new Set(
    (
      await db
        .select({ id })
        .from(table)
        .where(sql`${id} = ${base} or ${id} like ${`${base}-%`}`)
    ).map((row) => String(row.id)),
  );
  let slug = base;
  for (let suffix = 2; taken.has(slug); suffix++) slug = `${base}-${suffix}`;
  return slug;
}
