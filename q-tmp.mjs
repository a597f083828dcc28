import { PGlite } from "@electric-sql/pglite";
const db = new PGlite(process.argv[2]);
for (const q of [
 "select id, created_at, endpoint from push_subscriptions",
 "select id, code, status, created_at from orders order by id desc limit 3",
 "select * from push_deliveries order by id desc limit 5",
 "select now()",
]) { try { console.log(q, (await db.query(q)).rows); } catch (e) { console.log(q, e.message); } }
