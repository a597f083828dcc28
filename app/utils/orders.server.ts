/**
 * Recording an order at checkout (POST /pesanan).
 *
 * Trust model: the browser says only which items, how many, at which spice level and with which
 * note. Names and prices come from the database at this moment; anything else the request
 * carries (a price, a total, a name) is ignored, so a tampered request cannot change what the
 * order costs. The order and its lines are written in one transaction: an order is stored whole
 * or not at all.
 */
import { inArray } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "../../database/client.server.ts";
import { menuItems, orderItems, orders } from "../../database/schema.ts";
import { MAX_LINES, MAX_NOTE_LENGTH, MAX_QUANTITY, normalizeNote } from "./cart.ts";
import { closedOrderNote } from "./opening-hours.ts";
import { generateOrderCode, ORDER_CODE_LENGTH } from "./order-code.ts";
import { MAX_LEVEL, MIN_LEVEL } from "./spice-levels.ts";
import type { StoreSettings } from "./store-settings.server.ts";
import { orderMessage, whatsappLink } from "./whatsapp.ts";

export const ORDER_MESSAGES = {
  unreadable: "Isi pesanan tidak bisa dibaca. Muat ulang halaman lalu coba lagi.",
  empty: "Pesanan kosong. Tambahkan menu ke keranjang dulu.",
  tooManyLines: `Satu pesanan paling banyak ${MAX_LINES} baris menu.`,
  unknownItem: "Ada menu yang tidak dikenal. Muat ulang halaman lalu coba lagi.",
  quantity: `Jumlah tiap menu harus 1 sampai ${MAX_QUANTITY}.`,
  level: `Level pedas harus ${MIN_LEVEL} sampai ${MAX_LEVEL}.`,
  note: `Catatan paling banyak ${MAX_NOTE_LENGTH} karakter.`,
  soldOut: (nama: string) => `${nama} sedang habis. Hapus dari keranjang lalu pesan lagi.`,
  levelRequired: (nama: string) => `Pilih level pedas untuk ${nama}.`,
  levelNotAllowed: (nama: string) => `${nama} tidak memakai level pedas.`,
} as const;

const OrderLineSchema = z.object(
  {
    id: z
      .string({ error: ORDER_MESSAGES.unknownItem })
      .min(1, ORDER_MESSAGES.unknownItem)
      .max(100, ORDER_MESSAGES.unknownItem),
    jumlah: z
      .number({ error: ORDER_MESSAGES.quantity })
      .int(ORDER_MESSAGES.quantity)
      .min(1, ORDER_MESSAGES.quantity)
      .max(MAX_QUANTITY, ORDER_MESSAGES.quantity),
    level: z
      .number({ error: ORDER_MESSAGES.level })
      .int(ORDER_MESSAGES.level)
      .min(MIN_LEVEL, ORDER_MESSAGES.level)
      .max(MAX_LEVEL, ORDER_MESSAGES.level)
      .nullish(),
    catatan: z
      .string({ error: ORDER_MESSAGES.note })
      .max(MAX_NOTE_LENGTH * 4, ORDER_MESSAGES.note)
      .transform(normalizeNote)
      .refine((note) => Array.from(note).length <= MAX_NOTE_LENGTH, ORDER_MESSAGES.note)
      .optional(),
  },
  { error: ORDER_MESSAGES.unreadable },
);

/** The body of POST /pesanan (the `items` field, JSON): the cart's lines. Unknown keys are dropped. */
export const OrderRequestSchema = z
  .array(OrderLineSchema, { error: ORDER_MESSAGES.unreadable })
  .min(1, ORDER_MESSAGES.empty)
  .max(MAX_LINES, ORDER_MESSAGES.tooManyLines);

export type OrderRequest = z.infer<typeof OrderRequestSchema>;

export type ParsedOrder = { ok: true; lines: OrderRequest } | { ok: false; message: string };

/** Reads the `items` field: JSON text, checked against OrderRequestSchema. */
export function parseOrderRequest(raw: FormDataEntryValue | null): ParsedOrder {
  if (typeof raw !== "string" || raw.length === 0) return { ok: false, message: ORDER_MESSAGES.empty };
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return { ok: false, message: ORDER_MESSAGES.unreadable };
  }
  const parsed = OrderRequestSchema.safeParse(value);
  if (!parsed.success)
    return { ok: false, message: parsed.error.issues[0]?.message ?? ORDER_MESSAGES.unreadable };
  return { ok: true, lines: parsed.data };
}

export interface Customer {
  id: string;
  nama: string;
}

export interface RecordedOrder {
  id: number;
  code: string;
  total: number;
  /** The WhatsApp text (within MESSAGE_BUDGET, the code always in it). */
  message: string;
  whatsappUrl: string;
  outsideHours: boolean;
}

export type RecordResult =
  { ok: true; order: RecordedOrder } | { ok: false; status: 400 | 409; message: string };

/** An order line priced from the database. */
interface PricedLine {
  menu_item_id: string;
  nama: string;
  harga: number;
  jumlah: number;
  level: number | null;
  catatan: string;
  subtotal: number;
}

/** Tries before giving up on finding a free code (each try after the third is one character longer). */
const CODE_ATTEMPTS = 8;

/**
 * Checks the lines against the menu as it is now and stores the order. Refuses unknown and
 * sold-out items and levels that do not fit the item (a level is required exactly when the item
 * takes one). `store` gives the brand, the number and whether the store is open.
 */
export async function recordOrder(
  db: Database,
  lines: OrderRequest,
  store: StoreSettings,
  customer: Customer | null,
): Promise<RecordResult> {
  const ids = [...new Set(lines.map((line) => line.id))];
  const menu = await db
    .select({
      id: menuItems.id,
      nama: menuItems.nama,
      harga: menuItems.harga,
      tersedia: menuItems.tersedia,
      takes_level: menuItems.takes_level,
    })
    .from(menuItems)
    .where(inArray(menuItems.id, ids));
  const byId = new Map(menu.map((item) => [item.id, item]));

  const priced: PricedLine[] = [];
  for (const line of lines) {
    const item = byId.get(line.id);
    if (!item) return { ok: false, status: 409, message: ORDER_MESSAGES.unknownItem };
    if (!item.tersedia) return { ok: false, status: 409, message: ORDER_MESSAGES.soldOut(item.nama) };
    const level = line.level ?? null;
    if (item.takes_level && level === null) {
      return { ok: false, status: 400, message: ORDER_MESSAGES.levelRequired(item.nama) };
    }
    if (!item.takes_level && level !== null) {
      return { ok: false, status: 400, message: ORDER_MESSAGES.levelNotAllowed(item.nama) };
    }
    priced.push({
      menu_item_id: item.id,
      nama: item.nama,
      harga: item.harga,
      jumlah: line.jumlah,
      level,
      catatan: line.catatan ?? "",
      subtotal: item.harga * line.jumlah,
    });
  }
  const total = priced.reduce((sum, line) => sum + line.subtotal, 0);
  const outsideHours = !store.status.open;

  const recorded = await db.transaction(async (tx) => {
    for (let attempt = 0; attempt < CODE_ATTEMPTS; attempt++) {
      const code = generateOrderCode(ORDER_CODE_LENGTH + Math.max(0, attempt - 2));
      // A taken code inserts nothing (no error, so the transaction stays usable): draw again.
      const [row] = await tx
        .insert(orders)
        .values({
          code,
          user_id: customer?.id ?? null,
          customer_name: customer?.nama ?? null,
          total,
          outside_hours: outsideHours,
        })
        .onConflictDoNothing({ target: orders.code })
        .returning({ id: orders.id, code: orders.code });
      if (!row) continue;
      await tx.insert(orderItems).values(priced.map((line) => ({ ...line, order_id: row.id })));
      return row;
    }
    throw new Error("no free order code after several attempts");
  });

  const message = orderMessage(store.brand, priced, {
    code: recorded.code,
    customerName: customer?.nama,
    closedNote: closedOrderNote(store.status),
  });
  return {
    ok: true,
    order: {
      id: recorded.id,
      code: recorded.code,
      total,
      message,
      whatsappUrl: whatsappLink(store.whatsapp, message),
      outsideHours,
    },
  };
}
