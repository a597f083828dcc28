// An order's printing: when printed, Cetak per ticket on this device, and the print views (no JS needed).
import { useState } from "react";
import { useHydrated } from "~/lib/use-hydrated.ts";
import {
  PAPERS,
  TICKET_KINDS,
  TICKET_LABELS,
  ticketViewPath,
  type OrderPrints,
  type TicketKind,
} from "./print-api.ts";
import type { PrintOutcome } from "./print-job.ts";
import { usePrint } from "./use-print.tsx";

export function printedText(prints: OrderPrints): string {
  const done = TICKET_KINDS.flatMap((kind) => {
    const print = prints[kind];
    if (!print) return [];
    return [
      `${TICKET_LABELS[kind]} dicetak ${print.at}${print.reprints ? ` (cetak ulang ${print.reprints}×)` : ""}`,
    ];
  });
  return done.length ? done.join(" · ") : "Belum dicetak ke printer.";
}

const actionLabel = (kind: TicketKind, printed: boolean) =>
  `${printed ? "Cetak ulang" : "Cetak"} ${TICKET_LABELS[kind].toLowerCase()}`;

function noticeOf(outcome: PrintOutcome): { ok: boolean; text: string } | null {
  switch (outcome.result) {
    case "printed":
      return {
        ok: true,
        text: `${TICKET_LABELS[outcome.kind]} ${outcome.code} ${outcome.reprint ? "dicetak ulang" : "dicetak"}.`,
      };
    case "handed":
      return { ok: true, text: `${TICKET_LABELS[outcome.kind]} ${outcome.code} dikirim ke RawBT.` };
    case "failed":
      return { ok: false, text: outcome.message };
    case "nothing":
      return null;
  }
}

/** `kinds`: the tickets the viewer's role may print (the kitchen: no struk). */
export function OrderPrintActions({
  code,
  prints,
  kinds = TICKET_KINDS,
}: {
  code: string;
  prints: OrderPrints;
  kinds?: readonly TicketKind[];
}) {
  const { settings, print } = usePrint();
  const hydrated = useHydrated();
  const [busy, setBusy] = useState<TicketKind | null>(null);
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);

  const run = async (kind: TicketKind) => {
    setBusy(kind);
    setNotice(null);
    setNotice(noticeOf(await print({ code, kind })));
    setBusy(null);
  };

  return (
    <div className="mt-3 border-t border-stone-100 pt-3" data-testid="order-print">
      <p className="text-sm text-stone-600" data-testid="order-printed">
        {printedText(prints)}
      </p>
      {hydrated && settings.connection ? (
        <div className="mt-2 grid grid-cols-2 gap-2">
          {kinds.map((kind) => (
            <button
              key={kind}
              type="button"
              disabled={busy !== null}
              onClick={() => void run(kind)}
              className="btn-secondary min-h-11 px-3 text-sm"
            >
              {busy === kind ? "Mencetak…" : actionLabel(kind, Boolean(prints[kind]))}
              <span className="sr-only"> pesanan {code}</span>
            </button>
          ))}
        </div>
      ) : null}
      <details className="mt-1 text-sm">
        <summary className="flex min-h-11 cursor-pointer items-center font-semibold text-stone-700">
          Tampilan cetak (58 / 80 mm)<span className="sr-only"> pesanan {code}</span>
        </summary>
        <ul className="flex flex-wrap gap-2 pb-1">
          {kinds.flatMap((kind) =>
            PAPERS.map((paper) => (
              <li key={`${kind}-${paper}`}>
                <a
                  href={ticketViewPath(code, kind, paper)}
                  target="_blank"
                  rel="noopener"
                  className="inline-flex min-h-10 items-center rounded-full border border-stone-300 px-3 font-semibold"
                >
                  {TICKET_LABELS[kind]} {paper} mm<span className="sr-only"> pesanan {code}</span>
                </a>
              </li>
            )),
          )}
        </ul>
      </details>
      {notice ? (
        <p
          role={notice.ok ? "status" : "alert"}
          className={`mt-2 rounded-xl px-3 py-2 text-sm font-semibold ${
            notice.ok ? "bg-green-50 text-green-800" : "bg-chili-50 text-chili-700"
          }`}
        >
          {notice.text}
        </p>
      ) : null}
    </div>
  );
}
