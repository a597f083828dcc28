/** An admin account written straight into a test database (the actor of audited writes). */
import type { Database } from "../../database/client.server.ts";
import { users } from "../../database/schema.ts";
import { newUserId } from "../../app/features/accounts/users.server.ts";

export async function createAdmin(db: Database, nama = "Admin Uji", label = "admin") {
  const id = newUserId();
  const email = `${label}-${id.toLowerCase()}@contoh.test`;
  await db.insert(users).values({ id, nama, email, provider: "password", role: "pemilik" });
  return { id, email };
}
