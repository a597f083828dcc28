// What the board's browser and the server say about printing, typed once for both (0037).
import { TICKET_KINDS, type TicketKind } from "../../../../database/types.ts";
import type { Paper } from "~/lib/tickets/ticket-layout.ts";

export { TICKET_KINDS, type TicketKind };

export const PAPERS = [58, 80] as const satisfies readonly Paper[];

export const TICKET_LABELS: Record<TicketKind, string> = { dapur: "Tiket dapur", struk: "Struk" };

export const PRINT_API_PATH = "/admin/pesanan/cetak";

export const adminOrderPath = (code: string) => `/admin/pesanan/${code}`;

export const ticketViewPath = (code: string, kind: TicketKind, paper: Paper) =>
  `${adminOrderPath(code)}/cetak/${kind}/${paper}`;

export interface TicketPrint {
  at: string;
  reprints: number;
}
export type OrderPrints = Partial<Record<TicketKind, TicketPrint>>;

export interface PrintJob {
  code: string;
  kind: TicketKind;
  reprint: boolean;
  /** null for a reprint or an unrecorded print. */
  token: string | null;
  /** ESC/POS, base64. */
  bytes: string;
}

export type PrintAnswer = { ok: true; job: PrintJob | null } | { ok: false; message: string };
