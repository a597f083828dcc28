// The order page's "Pembayaran": paid state (live) and how to pay, the QRIS an SVG from the server (0040).
import { formatRupiah } from "~/lib/format.ts";
import type { LivePayment, PaymentRequest } from "./order-payment.server.ts";

export const qrisDownloadPath = (code: string) => `/pesanan/${code}/qris.png`;

function HowToPay({ code, payment }: { code: string; payment: PaymentRequest }) {
  const amount = <strong data-testid="payment-amount">{formatRupiah(payment.total)}</strong>;
  if (payment.method === "qris") {
    if (!payment.qris || "problem" in payment.qris) return <p className="mt-2">{payment.qris?.problem}</p>;
    return (
      <div className="mt-3 grid justify-items-center gap-2 text-center">
        <div
          className="w-64 max-w-full"
          role="img"
          aria-label={`Kode QRIS ${formatRupiah(payment.total)}`}
          data-testid="order-qris"
          dangerouslySetInnerHTML={{ __html: payment.qris.svg }}
        />
        <p>
          Pindai dengan aplikasi bank atau e-wallet: {amount} ke <strong>{payment.qris.merchantName}</strong>.
          Nominalnya sudah terisi.
        </p>
        <a href={qrisDownloadPath(code)} download className="btn-secondary" data-testid="save-qris">
          Simpan QR
        </a>
      </div>
    );
  }
  if (payment.method === "transfer") {
    if (!payment.bank) return <p className="mt-2">Tanya nomor rekening kami lewat WhatsApp.</p>;
    return (
      <p className="mt-2">
        Transfer tepat {amount} ke {payment.bank.name}{" "}
        <strong className="font-mono">{payment.bank.account}</strong> a.n. {payment.bank.holder}, lalu kirim
        bukti transfer lewat WhatsApp.
      </p>
    );
  }
  return (
    <p className="mt-2" data-testid="cash-hint">
      Bayar tunai {amount} {payment.cashWhen}.
    </p>
  );
}

export function OrderPaymentPanel({
  code,
  payment,
  live,
}: {
  code: string;
  payment: PaymentRequest | null;
  live: LivePayment;
}) {
  if (!payment && !live.paid) return null;
  return (
    <section className="card mt-4 p-5" aria-labelledby="pembayaran-pesanan">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="pembayaran-pesanan" className="text-lg font-extrabold">
          Pembayaran{payment ? `: ${payment.label}` : ""}
        </h2>
        <p aria-live="polite">
          <span
            className={`rounded-full px-3 py-1 font-bold ${live.paid ? "bg-green-100 text-green-900" : "bg-amber-100 text-amber-900"}`}
            data-testid="order-paid"
          >
            {live.label}
          </span>
          {live.detail ? <span className="ml-2 text-sm text-stone-600">{live.detail}</span> : null}
        </p>
      </div>
      {live.difference ? (
        <p className="mt-2 font-semibold text-amber-800" data-testid="order-paid-difference">
          {live.difference}
        </p>
      ) : null}
      {payment && !live.paid ? <HowToPay code={code} payment={payment} /> : null}
    </section>
  );
}
