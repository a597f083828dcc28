/**
 * Whether an order's customer is known (docs/decisions/0047): an account's order, a counter
 * order, or one whose customer confirmed sending it. An anonymous checkout never confirmed may be
 * a script's: it is pushed once, never reminded, and printed only once the staff accept it.
 */
import { sql } from "drizzle-orm";
import { orders } from "../../../database/schema.ts";

export const confirmedOrder = sql`(${orders.user_id} is not null or ${orders.source} = 'kasir' or ${orders.sent_at} is not null)`;
