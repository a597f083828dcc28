/**
 * What the board's browser and the server say to each other about printing, typed once for both
 * (docs/decisions/0037-printing-orders.md): the print views' addresses, the claim API's answer,
 * and the tickets' names.
 */
import { TICKET_KINDS, type TicketKind } from "../../../../database/types.ts";
import type { Paper } from "~/lib/tickets/ticket-layout.ts";

export { TICKET_KINDS, type TicketKind };

export const PAPERS = [58, 80] as const satisfies readonly Paper[];

export const TICKET_LABELS: Record<TicketKind, string> = { dapur: "Tiket dapur", struk: "Struk" };

/** POST: claim a print (`ambil`), confirm it (`selesai`, `ulang`) or give it back (`gagal`). */
export const PRINT_API_PATH = "/admin/pesanan/cetak";

/** The order's admin page. */
export const adminOrderPath = (code: string) => `/admin/pesanan/${code}`;

/** The print view of one ticket on one paper: a page of its own, for the browser's printing. */
export const ticketViewPath = (code: string, kind: TicketKind, paper: Paper) =>
  `${adminOrderPath(code)}/cetak/${kind}/${paper}`;

/** A ticket's first print, as the card and the order's page show it. */
export interface TicketPrint {
  /** `19.42`, in the store's time zone. */
  at: string;
  reprints: number;
}
export type OrderPrints = Partial<Record<TicketKind, TicketPrint>>;

export interface PrintJob {
  code: string;
  kind: TicketKind;
  /** Printed before: the ticket opens with the reprint banner. */
  reprint: boolean;
  /** The first print's claim, to confirm or give back; null for a reprint or an unrecorded print. */
  token: string | null;
  /** The ESC/POS bytes, base64. */
  bytes: string;
}

export type PrintAnswer = { ok: true; job: PrintJob | null } | { ok: false; message: string };
