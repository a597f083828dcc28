// _Pesanan kasir_: an order taken by hand with the checkout's own fields (0039).
import { Form, Link, useNavigation } from "react-router";
import { WhatsAppIcon } from "~/ui/icons.tsx";
import type { PaymentMethod } from "../../payments/payment-labels.ts";
import { CheckoutDetailsFields, type DetailsWords } from "../../checkout/checkout-details-fields.tsx";
import {
  CHECKOUT_DETAIL_MESSAGES as CUSTOMER,
  type CheckoutDetails,
  type DetailErrors,
} from "../../checkout/checkout-details.ts";
import { adminOrderPath } from "../printing/print-api.ts";
import { OrderLinesFields, type LineRow, type MenuChoice } from "./order-lines-fields.tsx";

export type HandOrderAnswer =
  | { status: "success"; code: string; message: string; whatsappUrl: string | null }
  | {
      status: "error";
      message: string;
      fieldErrors?: DetailErrors;
      values: Partial<CheckoutDetails>;
      rows: LineRow[];
    };

/** Staff fill this form for a customer: it speaks of the customer, not to them. */
const STAFF_WORDS: DetailsWords = {
  people: "Data pelanggan",
  ways: {
    ambil: "Pelanggan mengambil di toko.",
    antar: "Diantar ke alamat pelanggan.",
    makan: "Pelanggan makan di restoran.",
  },
  payment: {
    tunai: "Pelanggan bayar di kasir, ke kurir, atau saat mengambil.",
    qris: "Kode QR dengan nominal pas ada di halaman pesanan.",
    transfer: "Nomor rekening ada di halaman pesanan.",
  },
  errors: {
    [CUSTOMER.namaRequired]: "Isi nama pelanggan.",
    [CUSTOMER.patokanRequired]:
      "Isi patokan agar kurir mudah menemukan alamat pelanggan, misalnya: depan masjid.",
    [CUSTOMER.waktuGone]: "Jam itu sudah lewat atau di luar jam buka. Pilih jam lain.",
  },
};

export function HandOrderPage({
  menu,
  slots,
  methods,
  answer,
}: {
  menu: readonly MenuChoice[];
  slots: readonly { value: string; label: string }[];
  methods: readonly PaymentMethod[];
  answer: HandOrderAnswer | undefined;
}) {
  const navigation = useNavigation();
  const refused = answer?.status === "error" ? answer : null;
  return (
    <div className="grid gap-4">
      {answer?.status === "success" ? (
        <section
          className="card border-2 border-green-600 p-5"
          role="status"
          data-testid="hand-order-recorded"
        >
          <p className="text-lg font-extrabold">{answer.message}</p>
          <div className="mt-3 flex flex-wrap gap-2">
            {answer.whatsappUrl ? (
              <a
                href={answer.whatsappUrl}
                className="btn-whatsapp"
                data-testid="hand-order-chat"
                target="_blank"
                rel="noreferrer"
              >
                <WhatsAppIcon className="size-5" />
                Kirim tautan pesanan ke WhatsApp pelanggan
              </a>
            ) : null}
            <Link to={adminOrderPath(answer.code)} className="btn-secondary">
              Buka pesanan {answer.code}
            </Link>
            <Link to="/admin/pesanan" className="btn-secondary">
              Kembali ke papan
            </Link>
          </div>
        </section>
      ) : null}
      <Form
        method="post"
        className="card grid gap-6 p-5"
        noValidate
        key={answer?.status === "success" ? answer.code : "baru"}
      >
        {refused ? (
          <p role="alert" className="font-semibold text-chili-800" data-testid="hand-order-error">
            {refused.message}
          </p>
        ) : null}
        <OrderLinesFields
          menu={menu}
          rows={refused?.rows ?? []}
          blank={refused ? Math.max(1, 5 - refused.rows.length) : 5}
        />
        <CheckoutDetailsFields
          initial={refused?.values ?? null}
          slots={slots}
          errors={refused?.fieldErrors}
          numberOptional
          methods={methods}
          words={STAFF_WORDS}
        />
        <button type="submit" className="btn-primary text-lg" disabled={navigation.state === "submitting"}>
          Catat pesanan kasir
        </button>
      </Form>
    </div>
  );
}
