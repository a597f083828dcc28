// This device's printer panel (0037), kept in this browser; without JavaScript it points to the print views.
import { useState } from "react";
import { useHydrated } from "~/lib/use-hydrated.ts";
import { PAPERS } from "./print-api.ts";
import { failureOf, PRINT_FAILURES } from "./print-words.ts";
import {
  canAutoPrint,
  CONNECTION_LABELS,
  CONNECTIONS,
  isAvailable,
  printerSettings,
  type Connection,
} from "./printer-settings.ts";
import { useAutoPrint } from "./use-auto-print.ts";
import { usePrint } from "./use-print.tsx";

export function PrinterPanel() {
  const { settings, testPrinter } = usePrint();
  const hydrated = useHydrated();
  const auto = useAutoPrint();
  const [choosing, setChoosing] = useState(false);
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const connections = hydrated ? CONNECTIONS.filter((option) => isAvailable(option, testPrinter)) : [];

  const choose = async (connection: Connection) => {
    setNotice(null);
    if (connection === "rawbt") {
      printerSettings.update({ connection, name: "RawBT", match: null });
      return;
    }
    setChoosing(true);
    try {
      const { choosePrinter } = await import("./printer-transports.ts");
      const chosen = await choosePrinter(connection, testPrinter);
      printerSettings.update({ connection, ...chosen });
      setNotice({ ok: true, text: `${chosen.name} dipilih untuk perangkat ini.` });
    } catch (error) {
      setNotice({ ok: false, text: PRINT_FAILURES[failureOf(error)] });
    } finally {
      setChoosing(false);
    }
  };

  const summary = settings.connection
    ? `Printer: ${settings.name} (${CONNECTION_LABELS[settings.connection]}), ${settings.paper} mm · Auto-cetak ${
        settings.autoPrint ? "nyala" : "mati"
      }`
    : "Printer: belum dipilih di perangkat ini";

  return (
    <section className="card p-4" aria-label="Printer" data-testid="printer-panel">
      <details>
        <summary
          className="flex min-h-11 cursor-pointer items-center font-bold"
          data-testid="printer-summary"
        >
          {summary}
        </summary>
        {!hydrated ? (
          <p className="mt-2 text-sm text-stone-600">
            Cetak langsung ke printer butuh JavaScript. Tiap pesanan punya tampilan cetak 58 mm dan 80 mm
            untuk dicetak lewat browser.
          </p>
        ) : (
          <div className="mt-3 grid gap-4">
            <fieldset>
              <legend className="field-label">Pilih printer</legend>
              {connections.length ? (
                <div className="flex flex-wrap gap-2">
                  {connections.map((connection) => (
                    <button
                      key={connection}
                      type="button"
                      disabled={choosing}
                      aria-pressed={settings.connection === connection}
                      onClick={() => void choose(connection)}
                      className="btn-secondary min-h-11 px-4 text-sm aria-pressed:border-chili-600 aria-pressed:text-chili-700"
                    >
                      {CONNECTION_LABELS[connection]}
                    </button>
                  ))}
                </div>
              ) : (
                <p className="text-sm text-stone-600">{PRINT_FAILURES.unsupported}</p>
              )}
            </fieldset>
            <fieldset className="flex flex-wrap items-center gap-4">
              <legend className="field-label">Lebar kertas</legend>
              {PAPERS.map((paper) => (
                <label key={paper} className="flex min-h-11 items-center gap-2 font-semibold">
                  <input
                    type="radio"
                    name="kertas-printer"
                    checked={settings.paper === paper}
                    onChange={() => printerSettings.update({ paper })}
                    className="size-5 accent-chili-600"
                  />
                  {paper} mm
                </label>
              ))}
            </fieldset>
            <div>
              <button
                type="button"
                aria-pressed={settings.autoPrint}
                disabled={!canAutoPrint(settings.connection)}
                onClick={() => printerSettings.update({ autoPrint: !settings.autoPrint })}
                className={`min-h-11 rounded-full px-4 text-sm font-bold disabled:opacity-50 ${
                  settings.autoPrint
                    ? "bg-chili-600 text-white"
                    : "border border-stone-300 bg-white text-stone-700"
                }`}
              >
                {settings.autoPrint ? "Auto-cetak tiket dapur: nyala" : "Nyalakan Auto-cetak tiket dapur"}
              </button>
              <p className="mt-1 text-sm text-stone-600">
                Tiket dapur tiap pesanan baru tercetak sekali saja, juga bila papan terbuka di beberapa tab
                atau perangkat: perangkat pertama yang mengambilnya yang mencetak. RawBT tidak bisa
                Auto-cetak.
              </p>
            </div>
            {settings.connection ? (
              <button
                type="button"
                onClick={() => printerSettings.forget()}
                className="justify-self-start text-sm font-semibold text-stone-600 underline"
              >
                Lupakan printer ini
              </button>
            ) : null}
            {notice ? (
              <p role={notice.ok ? "status" : "alert"} className="text-sm font-semibold">
                {notice.text}
              </p>
            ) : null}
          </div>
        )}
      </details>
      {auto.failure ? (
        <p
          role="alert"
          className="mt-2 rounded-xl bg-chili-50 px-3 py-2 text-sm font-semibold text-chili-700"
        >
          Auto-cetak: {auto.failure}
        </p>
      ) : null}
    </section>
  );
}
