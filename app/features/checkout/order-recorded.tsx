import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { WhatsAppIcon } from "~/ui/icons.tsx";
import type { CheckoutRecorded } from "./checkout.ts";

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

// `opened`: null on the page a checkout without JavaScript lands on.
export function OrderRecorded({
  order,
  opened,
  sentQuestion,
}: {
  order: CheckoutRecorded;
  opened: boolean | null;
  // Absent for a quick order: it never was in the cart.
  sentQuestion?: React.ReactNode;
}) {
  const [copied, setCopied] = useState<"yes" | "no" | null>(null);
  const resultRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (opened === null) return;
    // The WhatsApp tab has the foreground: focus alone does not bring the answer into view here.
    resultRef.current?.focus({ preventScroll: true });
    resultRef.current?.scrollIntoView({ block: "start" });
  }, [opened]);

  return (
    <section aria-labelledby="pesanan-tercatat" data-testid="order-recorded">
      <h2 id="pesanan-tercatat" ref={resultRef} tabIndex={-1} className="scroll-mt-24 text-xl font-extrabold">
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
      <p className="mt-2">
        <Link to={order.orderUrl} className="font-semibold text-chili-700 underline-offset-4 hover:underline">
          Lihat status pesanan {order.code}
        </Link>
      </p>
      {order.replaced ? (
        <p className="mt-2 text-sm text-stone-700" data-testid="order-replaced">
          Pesanan sebelumnya <span className="font-mono font-semibold">{order.replaced}</span> yang belum
          terkirim kami batalkan dan diganti pesanan ini.
        </p>
      ) : order.follows ? (
        <p className="mt-2 text-sm text-stone-700" data-testid="order-follows">
          Pesanan sebelumnya <span className="font-mono font-semibold">{order.follows}</span> sudah diproses
          restoran dan tetap berjalan, jadi pesanan ini dicatat sebagai pesanan tambahan. Salah pesan? Beri
          tahu kami lewat WhatsApp.
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
          className="btn-secondary js-only"
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
      {sentQuestion ? (
        <div className="mt-4 border-t border-stone-200 pt-4">
          <p className="font-semibold">Sudah kamu kirim lewat WhatsApp?</p>
          <div className="mt-3 flex flex-wrap gap-2">{sentQuestion}</div>
          <p className="mt-2 text-sm text-stone-600">
            Menu yang dipesan dihapus dari keranjang setelah kamu menekan Ya.
          </p>
        </div>
      ) : null}
    </section>
  );
}

export function OrderSent({ code }: { code: string }) {
  return (
    <div
      role="status"
      className="card mt-6 flex flex-col items-center gap-2 p-8 text-center"
      data-testid="order-sent"
    >
      <p className="text-xl font-extrabold">Terima kasih!</p>
      <p className="text-stone-600">
        Pesanan <strong className="font-mono text-chili-700">{code}</strong> kami balas lewat WhatsApp.
        Sebutkan kode ini bila kamu menghubungi kami.
      </p>
      <Link to={`/pesanan/${code}`} className="btn-primary mt-2">
        Lihat status pesanan
      </Link>
    </div>
  );
}
