import { useEffect, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { cleanNote, type CartLine } from "~/features/cart/cart.ts";
import { WhatsAppIcon } from "~/components/ui/icons.tsx";
import { readCheckoutAnswer, type CheckoutRecorded } from "./checkout.ts";

type State =
  | { kind: "idle" }
  | { kind: "sending" }
  | { kind: "error"; message: string }
  | { kind: "recorded"; order: CheckoutRecorded; opened: boolean };

const NETWORK_ERROR = "Tidak bisa terhubung ke server. Periksa koneksi internetmu lalu coba lagi.";
const SERVER_ERROR = "Pesanan belum bisa dicatat. Coba lagi sebentar lagi.";

/**
 * Sends the orderable lines to POST /pesanan; resolves to the recorded order or an Indonesian
 * message. The previous order this browser recorded but the customer did not confirm as sent is
 * named by a cookie the page never sees (the server cancels it if it may); the new one takes its
 * place.
 */
async function recordOrder(
  lines: readonly CartLine[],
): Promise<{ ok: true; order: CheckoutRecorded } | { ok: false; status: number; message: string }> {
  const items = lines.map((line) => ({
    id: line.id,
    jumlah: line.jumlah,
    level: line.level ?? null,
    catatan: cleanNote(line.catatan),
  }));
  const body = new URLSearchParams({ items: JSON.stringify(items) });
  let response: Response;
  try {
    response = await fetch("/pesanan", { method: "POST", body, headers: { Accept: "application/json" } });
  } catch {
    return { ok: false, status: 0, message: NETWORK_ERROR };
  }
  const answer = readCheckoutAnswer(await response.json().catch(() => null));
  if (response.ok && answer?.status === "success") return { ok: true, order: answer };
  const message = answer?.status === "error" ? answer.message : SERVER_ERROR;
  return { ok: false, status: response.status, message };
}

/**
 * The customer sent the message: the server forgets this browser's pending order, so no later
 * checkout may cancel it. Best effort (keepalive: it survives the page going away); the cart is
 * emptied either way.
 */
function forgetPendingOrder() {
  void fetch("/pesanan", {
    method: "POST",
    body: new URLSearchParams({ intent: "terkirim" }),
    keepalive: true,
  }).catch(() => undefined);
}

/** Copies text; the Clipboard API where allowed, else a selected textarea (older in-app browsers). */
async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const area = document.createElement("textarea");
    area.value = text;
    area.setAttribute("readonly", "");
    area.style.position = "fixed";
    area.style.opacity = "0";
    document.body.append(area);
    area.select();
    try {
      return document.execCommand("copy");
    } catch {
      return false;
    } finally {
      area.remove();
    }
  }
}

/** An empty tab opened inside the tap, or null where the browser refuses one. */
function openBlankTab(): Window | null {
  try {
    const popup = window.open("", "_blank");
    if (!popup) return null;
    popup.opener = null; // the WhatsApp tab gets no handle on this page
    popup.document.title = "Menyiapkan pesanan…";
    popup.document.body.textContent = "Menyiapkan pesananmu…";
    return popup;
  } catch {
    return null;
  }
}

/**
 * Checkout: records the order on the server first, then opens WhatsApp with the message that
 * carries its code. The ordered lines leave the cart only when the customer says the message was
 * sent (`onSent`); until then "Salin pesan" copies the text for in-app browsers where wa.me fails,
 * and a changed cart checked out again replaces the unsent order instead of adding a second one.
 *
 * Opening WhatsApp: browsers open a new tab only inside the tap itself, and the code is known
 * only after the server answered. So the tap opens an empty tab at once (window.open is
 * synchronous) and that tab is sent to WhatsApp when the answer arrives; it is closed again if
 * the order is refused. Where no tab can be opened (popup blockers, in-app browsers that open
 * links in place), the "Buka WhatsApp" link of the result panel is the second tap that does it;
 * it is shown in every case, so nobody depends on the first way working.
 */
export function CheckoutPanel({
  lines,
  blockedMessage,
  onSent,
}: {
  /** The lines that go into the order (sold-out ones already left out). */
  lines: readonly CartLine[];
  /** Why checkout cannot start yet (e.g. a level is missing), or null. */
  blockedMessage: string | null;
  /** The customer confirmed sending order `code`, which carried `ordered`. */
  onSent(code: string, ordered: readonly CartLine[]): void;
}) {
  const [state, setState] = useState<State>({ kind: "idle" });
  const [copied, setCopied] = useState<"yes" | "no" | null>(null);
  const revalidator = useRevalidator();
  const resultRef = useRef<HTMLHeadingElement>(null);

  // A changed cart makes a recorded order stale: the next tap records a new one.
  const signature = JSON.stringify(lines);
  const [recordedFor, setRecordedFor] = useState(signature);
  if (state.kind === "recorded" && recordedFor !== signature) {
    setState({ kind: "idle" });
  }

  useEffect(() => {
    if (state.kind !== "recorded") return;
    // The WhatsApp tab has the foreground: focus alone does not bring the answer into view here.
    resultRef.current?.focus({ preventScroll: true });
    resultRef.current?.scrollIntoView({ block: "start" });
  }, [state.kind]);

  async function checkout() {
    if (state.kind === "sending" || lines.length === 0 || blockedMessage) return;
    const popup = openBlankTab();
    setState({ kind: "sending" });
    setCopied(null);
    const result = await recordOrder(lines);
    if (!result.ok) {
      popup?.close();
      setState({ kind: "error", message: result.message });
      // The menu changed under the cart (sold out, removed): fetch it again so the lines show it.
      if (result.status === 409) void revalidator.revalidate();
      return;
    }
    let opened = false;
    if (popup && !popup.closed) {
      popup.location.href = result.order.whatsappUrl;
      opened = true;
    }
    setRecordedFor(signature);
    setState({ kind: "recorded", order: result.order, opened });
  }

  if (state.kind === "recorded") {
    const { order, opened } = state;
    return (
      <section
        aria-labelledby="pesanan-tercatat"
        className="mt-4 border-t border-stone-200 pt-4"
        data-testid="order-recorded"
      >
        <h2
          id="pesanan-tercatat"
          ref={resultRef}
          tabIndex={-1}
          className="scroll-mt-24 text-xl font-extrabold"
        >
          Pesanan tercatat
        </h2>
        <p className="mt-1 text-stone-600">
          Kode pesananmu{" "}
          <strong
            className="rounded-lg bg-chili-50 px-2 py-0.5 font-mono text-lg text-chili-700"
            data-testid="order-code"
          >
            {order.code}
          </strong>
        </p>
        <p className="mt-3 text-sm text-stone-700">
          {opened
            ? "WhatsApp terbuka di tab baru. Tekan kirim di sana agar pesananmu sampai ke kami."
            : "Ketuk Buka WhatsApp, lalu tekan kirim agar pesananmu sampai ke kami."}
          {order.outsideHours ? " Toko sedang tutup, jadi pesananmu kami proses saat toko buka." : ""}
        </p>
        {order.replaced ? (
          <p className="mt-2 text-sm text-stone-700" data-testid="order-replaced">
            Pesanan sebelumnya <span className="font-mono font-semibold">{order.replaced}</span> yang belum
            terkirim kami batalkan dan diganti pesanan ini.
          </p>
        ) : null}
        <pre
          className="mt-4 max-h-64 overflow-auto rounded-2xl bg-stone-100 p-4 font-sans text-sm whitespace-pre-wrap text-stone-800"
          data-testid="order-message"
          aria-label="Isi pesan WhatsApp"
        >
          {order.message}
        </pre>
        <div className="mt-4 grid gap-2 sm:grid-cols-2">
          <a href={order.whatsappUrl} target="_blank" rel="noopener" className="btn-whatsapp">
            <WhatsAppIcon className="size-5" />
            Buka WhatsApp
          </a>
          <button
            type="button"
            className="btn-secondary"
            onClick={async () => setCopied((await copyText(order.message)) ? "yes" : "no")}
          >
            Salin pesan
          </button>
        </div>
        <p role="status" className="mt-2 min-h-5 text-center text-sm font-semibold text-stone-700">
          {copied === "yes"
            ? "Pesan disalin. Tempel di chat WhatsApp kami."
            : copied === "no"
              ? "Pesan tidak bisa disalin otomatis. Tahan teks di atas untuk menyalinnya."
              : ""}
        </p>
        <div className="mt-4 border-t border-stone-200 pt-4">
          <p className="font-semibold">Sudah kamu kirim lewat WhatsApp?</p>
          <div className="mt-3 flex flex-wrap gap-2">
            <button
              type="button"
              className="btn-primary"
              onClick={() => {
                forgetPendingOrder();
                onSent(order.code, lines);
              }}
            >
              Ya, sudah terkirim
            </button>
            <button type="button" className="btn-secondary" onClick={() => setState({ kind: "idle" })}>
              Belum, ubah pesanan
            </button>
          </div>
          <p className="mt-2 text-sm text-stone-600">
            Menu yang dipesan dihapus dari keranjang setelah kamu menekan Ya.
          </p>
        </div>
      </section>
    );
  }

  return (
    <>
      <button
        type="button"
        onClick={checkout}
        disabled={state.kind === "sending" || lines.length === 0 || blockedMessage !== null}
        className="btn-whatsapp mt-4 w-full text-lg disabled:cursor-not-allowed disabled:opacity-60"
      >
        <WhatsAppIcon className="size-6" />
        {state.kind === "sending" ? "Mencatat pesanan…" : "Pesan via WhatsApp"}
      </button>
      {blockedMessage ? (
        <p className="mt-3 text-center text-sm font-semibold text-chili-700">{blockedMessage}</p>
      ) : state.kind === "error" ? (
        <p role="alert" className="mt-3 text-center text-sm font-semibold text-chili-700">
          {state.message}
        </p>
      ) : (
        <p className="mt-3 text-center text-sm text-stone-600">
          Pesananmu dicatat dulu, lalu WhatsApp terbuka dengan kode pesanan. Tinggal tekan kirim.
        </p>
      )}
    </>
  );
}
