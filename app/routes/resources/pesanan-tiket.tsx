import { data } from "react-router";
import type { Route } from "./+types/pesanan-tiket";
import { PAPERS, TICKET_KINDS } from "~/features/kitchen/printing/print-api.ts";
import { requirePrinting } from "~/features/kitchen/printing/print-api.server.ts";
import { ticketDocument } from "~/features/kitchen/printing/print-view.server.tsx";
import { isPrinted } from "~/features/kitchen/printing/prints.server.ts";
import { ticketBlocks } from "~/features/kitchen/printing/ticket-order.ts";
import { findOrderId, loadTicketSource } from "~/features/kitchen/printing/ticket-source.server.ts";
import { getStoreSettings } from "~/features/store/settings.server.ts";
import { getDb } from "~/lib/db.server.ts";

// A ticket's print view (0037); the board's roles, the kitchen without the struk (access.ts): anyone else,
// and an unknown code, ticket or paper, gets 404.
export async function loader({ params, context }: Route.LoaderArgs) {
  requirePrinting(context, "/admin/pesanan/:kode/cetak/:tiket/:kertas", params.tiket);
  const kind = TICKET_KINDS.find((value) => value === params.tiket);
  const paper = PAPERS.find((value) => String(value) === params.kertas);
  const db = await getDb();
  const orderId = kind && paper ? await findOrderId(db, params.kode) : null;
  const source = orderId === null ? null : await loadTicketSource(db, orderId);
  if (!kind || !paper || orderId === null || !source) {
    throw data("Pesanan tidak ditemukan.", { status: 404, headers: { "Cache-Control": "no-store" } });
  }
  const store = await getStoreSettings(db);
  const reprint = await isPrinted(db, orderId, kind);
  const { html, csp } = ticketDocument({
    code: source.code,
    kind,
    paper,
    blocks: ticketBlocks(source, store, kind, reprint),
  });
  return new Response(html, {
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Content-Security-Policy": csp,
      "Cache-Control": "no-store",
    },
  });
}
