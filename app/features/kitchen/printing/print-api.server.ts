// POST /admin/pesanan/cetak (0037): `ambil` claims a ticket and answers its bytes, `selesai` confirms a first
// print, `ulang` counts a reprint, `gagal` gives a claim back. Whoever sees the board (0056); a ticket kind
// outside the role (the kitchen's struk, with prices) and anyone else get a 404.
import { eq } from "drizzle-orm";
import { data } from "react-router";
import { z } from "zod";
import type { Database } from "../../../../database/client.server.ts";
import { orders } from "../../../../database/schema.ts";
import type { Paper } from "~/lib/tickets/ticket-layout.ts";
import { getOptionalUser, type Context, type SessionUser } from "../../accounts/auth.server.ts";
import { mayUse } from "../../accounts/access.ts";
import { announceOrderChange } from "../../orders/live.server.ts";
import { TICKET_KINDS, type PrintAnswer, type PrintJob, type TicketKind } from "./print-api.ts";
import {
  claimFirstPrint,
  claimNextNewOrder,
  confirmPrint,
  isPrinted,
  recordReprint,
  releasePrint,
} from "./prints.server.ts";
import { ticketBlocks, type Shop } from "./ticket-order.ts";
import { findOrderId, loadTicketSource } from "./ticket-source.server.ts";

const MESSAGES = {
  notFound: "Pesanan tidak ditemukan.",
  request: "Permintaan cetak tidak dikenal. Muat ulang halaman lalu coba lagi.",
  busy: "Tiket ini sedang dicetak perangkat lain. Tunggu sebentar, lalu cetak lagi bila belum keluar.",
  cancelled: "Pesanan ini sudah dibatalkan, jadi tiketnya tidak dicetak.",
  claimGone:
    "Tiket tercetak, tetapi tidak bisa dicatat: waktu klaimnya habis. Periksa di dapur apakah tiketnya keluar dua kali.",
} as const;

type PrintRoute = "/admin/pesanan/cetak" | "/admin/pesanan/:kode/cetak/:tiket/:kertas";

/** `kind`: the ticket asked for, when the request names one. */
export function requirePrinting(context: Context, route: PrintRoute, kind?: string): SessionUser {
  const user = getOptionalUser(context);
  if (!user || !mayUse(user.role, route) || (kind !== undefined && !mayUse(user.role, route, kind))) {
    throw data(MESSAGES.notFound, { status: 404, headers: { "Cache-Control": "no-store" } });
  }
  return user;
}

const Kind = z.enum(TICKET_KINDS);
const Code = z.string().trim().min(1).max(20);
const Token = z.uuid();
const PrintRequestSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("ambil"),
    tiket: Kind,
    kertas: z.enum(["58", "80"]).transform((paper) => Number(paper) as Paper),
    kode: Code.optional(),
    perangkat: z.string().regex(/^[A-Za-z0-9-]{8,64}$/),
    /** "0": a print nobody can confirm (RawBT): bytes only, no claim. */
    catat: z.enum(["0", "1"]).default("1"),
  }),
  z.object({ intent: z.literal("selesai"), token: Token }),
  z.object({ intent: z.literal("gagal"), token: Token }),
  z.object({ intent: z.literal("ulang"), tiket: Kind, kode: Code }),
]);

type Answer = { status: number; body: PrintAnswer };
const refused = (status: number, message: string): Answer => ({ status, body: { ok: false, message } });
const answered = (job: PrintJob | null): Answer => ({ status: 200, body: { ok: true, job } });

async function isCancelled(db: Database, orderId: number): Promise<boolean> {
  const [row] = await db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId));
  return row?.status === "batal";
}

async function codeOf(db: Database, orderId: number): Promise<string> {
  const [row] = await db.select({ code: orders.code }).from(orders).where(eq(orders.id, orderId));
  return row!.code;
}

async function job(
  db: Database,
  shop: Shop,
  orderId: number,
  kind: TicketKind,
  paper: Paper,
  claim: { token: string | null; reprint: boolean },
): Promise<PrintJob | null> {
  const source = await loadTicketSource(db, orderId);
  if (!source) return null;
  // The encoder and its code pages load with the first printed ticket, not with the server.
  const { escPosTicket } = await import("~/lib/tickets/escpos.ts");
  const bytes = escPosTicket(ticketBlocks(source, shop, kind, claim.reprint), paper);
  return { code: source.code, kind, ...claim, bytes: Buffer.from(bytes).toString("base64") };
}

export async function handlePrintRequest(
  db: Database,
  admin: SessionUser,
  shop: Shop,
  input: Record<string, unknown>,
): Promise<Answer> {
  const parsed = PrintRequestSchema.safeParse(input);
  if (!parsed.success) return refused(400, MESSAGES.request);
  const request = parsed.data;
  if ("tiket" in request && !mayUse(admin.role, "/admin/pesanan/cetak", request.tiket)) {
    return refused(404, MESSAGES.notFound);
  }
  switch (request.intent) {
    case "ambil": {
      if (request.kode === undefined) {
        if (request.tiket !== "dapur" || request.catat === "0") return refused(400, MESSAGES.request);
        const claim = await claimNextNewOrder(db, request.perangkat);
        if (!claim) return answered(null);
        return answered(
          await job(db, shop, claim.orderId, "dapur", request.kertas, { token: claim.token, reprint: false }),
        );
      }
      const orderId = await findOrderId(db, request.kode);
      if (orderId === null) return refused(404, MESSAGES.notFound);
      const printed = await isPrinted(db, orderId, request.tiket);
      const claim =
        request.catat === "0" || printed
          ? { token: null, reprint: printed }
          : { token: await claimFirstPrint(db, orderId, request.tiket, request.perangkat), reprint: false };
      // Not printed yet, and another device holds the claim (it is coming out there), or cancelled.
      if (request.catat === "1" && !printed && !claim.token)
        return refused(409, (await isCancelled(db, orderId)) ? MESSAGES.cancelled : MESSAGES.busy);
      return answered(await job(db, shop, orderId, request.tiket, request.kertas, claim));
    }
    case "selesai": {
      const printed = await confirmPrint(db, request.token, admin.id);
      if (!printed) return refused(409, MESSAGES.claimGone);
      announceOrderChange({ code: await codeOf(db, printed.orderId), kind: "dicetak" });
      return answered(null);
    }
    case "gagal":
      await releasePrint(db, request.token);
      return answered(null);
    case "ulang": {
      const orderId = await findOrderId(db, request.kode);
      if (orderId === null || !(await recordReprint(db, orderId, request.tiket)))
        return refused(404, MESSAGES.notFound);
      announceOrderChange({ code: await codeOf(db, orderId), kind: "dicetak" });
      return answered(null);
    }
  }
}
