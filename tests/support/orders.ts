import { eq } from "drizzle-orm";
import type { Database } from "../../database/client.server.ts";
import {
  recordOrder,
  type OrderDetails,
  type OrderRequestLine,
} from "../../app/features/checkout/record-order.server.ts";
import { readCheckoutContext } from "../../app/features/checkout/checkout-context.server.ts";
import { DEFAULT_OPENING_HOURS } from "../../app/features/store/opening-hours.ts";
import { invalidateContentCache } from "../../app/lib/content-cache.server.ts";
import { storeSettings } from "../../database/schema.ts";

/** A guest picking the order up as soon as possible. */
export const PICK_UP: OrderDetails = {
  nama: "Pelanggan Uji",
  whatsapp: "6281234567890",
  cara: "ambil",
  alamat: "",
  patokan: "",
  meja: "",
  scheduledFor: null,
};

/** The checkout's form fields for PICK_UP (what POST /pesanan receives). */
export const PICK_UP_FORM = {
  nama: "Pelanggan Uji",
  whatsapp: "0812-3456-7890",
  cara: "ambil",
  waktu: "secepatnya",
};

export const ORIGIN = "http://localhost:3000";

/** Records an order as checkout does (recordOrder), with test defaults for what the test does not name. */
export async function placeOrder(
  db: Database,
  lines: OrderRequestLine[],
  options: {
    account?: { id: string } | null;
    details?: Partial<OrderDetails>;
    replaces?: { code: string; token: string } | null;
  } = {},
) {
  const result = await recordOrder(db, {
    lines,
    context: await readCheckoutContext(db),
    account: options.account ?? null,
    details: { ...PICK_UP, ...options.details },
    origin: ORIGIN,
    replaces: options.replaces ?? null,
  });
  if (!result.ok) throw new Error(result.message);
  return result.order;
}

/** The shop open all day every day, so a test does not depend on the hour it runs at. */
export async function openAllDay(db: Database) {
  const hours = DEFAULT_OPENING_HOURS.map(() => ({ buka: "00:00", tutup: "00:00", libur: false }));
  await db.update(storeSettings).set({ opening_hours: hours }).where(eq(storeSettings.id, 1));
  invalidateContentCache();
}
