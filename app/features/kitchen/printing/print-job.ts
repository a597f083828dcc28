// One print (0037): connect, claim (the server answers the bytes), send, then confirm or give the claim back.
// RawBT only hands the bytes to its app, which answers nothing: no claim, no confirmation.
import { PRINT_API_PATH, type PrintAnswer, type TicketKind } from "./print-api.ts";
import { failureOf, NOT_MARKED, PRINT_FAILURES } from "./print-words.ts";
import type { PrinterSettings } from "./printer-settings.ts";
import type { Printer } from "./transports/transport.ts";

export interface PrintRequest {
  kind: TicketKind;
  /** Without a code: the next new order's kitchen ticket (Auto-cetak). */
  code?: string;
}

export type PrintOutcome =
  | { result: "printed"; code: string; kind: TicketKind; reprint: boolean }
  | { result: "handed"; code: string; kind: TicketKind }
  | { result: "nothing" }
  | { result: "failed"; message: string };

const failed = (message: string): PrintOutcome => ({ result: "failed", message });
const atPrinter = (error: unknown) => failed(`${PRINT_FAILURES[failureOf(error)]} ${NOT_MARKED}`);

async function post(fields: Record<string, string>): Promise<PrintAnswer> {
  try {
    const response = await fetch(PRINT_API_PATH, { method: "POST", body: new URLSearchParams(fields) });
    return (
      ((await response.json().catch(() => null)) as PrintAnswer | null) ?? {
        ok: false,
        message: PRINT_FAILURES.server,
      }
    );
  } catch {
    return { ok: false, message: PRINT_FAILURES.server };
  }
}

const bytesOf = (base64: string) => Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));

export async function printTicket(
  request: PrintRequest,
  settings: PrinterSettings,
  testPrinter: boolean,
): Promise<PrintOutcome> {
  if (!settings.connection || !settings.deviceId) return failed(PRINT_FAILURES.notChosen);
  const claim = {
    intent: "ambil",
    tiket: request.kind,
    kertas: String(settings.paper),
    perangkat: settings.deviceId,
    ...(request.code ? { kode: request.code } : {}),
  };
  const transports = await import("./printer-transports.ts").catch(() => null);
  if (!transports) return failed(PRINT_FAILURES.server);

  if (settings.connection === "rawbt") {
    const answer = await post({ ...claim, catat: "0" });
    if (!answer.ok) return failed(answer.message);
    if (!answer.job) return { result: "nothing" };
    window.location.assign(transports.rawbtIntentUrl(bytesOf(answer.job.bytes)));
    return { result: "handed", code: answer.job.code, kind: answer.job.kind };
  }

  // Connected before claiming: an absent printer claims nothing.
  let printer: Printer;
  try {
    printer = await transports.openPrinter(settings, testPrinter);
  } catch (error) {
    return atPrinter(error);
  }
  const answer = await post(claim);
  if (!answer.ok) return failed(answer.message);
  if (!answer.job) return { result: "nothing" };
  const { job } = answer;
  try {
    await transports.sendTicket(printer, bytesOf(job.bytes));
  } catch (error) {
    if (job.token) await post({ intent: "gagal", token: job.token });
    return atPrinter(error);
  }
  const confirmed = await post(
    job.token
      ? { intent: "selesai", token: job.token }
      : { intent: "ulang", kode: job.code, tiket: job.kind },
  );
  if (!confirmed.ok) return failed(confirmed.message);
  return { result: "printed", code: job.code, kind: job.kind, reprint: job.reprint };
}
