// _Ubah pesanan_: sent with the version the page was drawn at; a higher total comes back to be agreed (0039).
import { Form, useNavigation } from "react-router";
import { ASAP } from "../../orders/order-fields.ts";
import type { EditFormData } from "./order-edit-data.server.ts";
import { KEEP_TIME } from "./order-edit-rules.ts";
import { OrderLinesFields } from "./order-lines-fields.tsx";
import { PinField } from "../../accounts/pin-field.tsx";

export type EditAnswer =
  { status: "success"; message: string } | { status: "error"; message: string; total?: number };

export function OrderEditForm({
  edit,
  answer,
  pin = false,
}: {
  edit: EditFormData;
  answer: EditAnswer | undefined;
  /** A lower total asks for a manager's PIN (0059). */
  pin?: boolean;
}) {
  const navigation = useNavigation();
  const asked = answer?.status === "error" && answer.total !== undefined ? answer.total : null;
  return (
    <section
      id="ubah-pesanan"
      className="card mt-4 p-5"
      aria-labelledby="ubah-pesanan-judul"
      data-testid="order-edit"
    >
      <h2 id="ubah-pesanan-judul" className="text-lg font-extrabold">
        Ubah pesanan <span className="text-sm font-semibold text-stone-500">(versi {edit.version})</span>
      </h2>
      <p className="mt-1 text-sm text-stone-600">
        Bisa diubah sampai pesanan siap. Menu yang sudah dipesan tetap dengan harga saat dipesan, menu
        tambahan dengan harga sekarang; promo dihitung seperti saat pesanan dibuat. Pelanggan melihat
        perubahannya di halaman pesanannya.
      </p>
      {answer ? (
        <p
          role={answer.status === "error" ? "alert" : "status"}
          className={`mt-3 font-semibold ${answer.status === "error" ? "text-chili-800" : "text-green-800"}`}
          data-testid="order-edit-answer"
        >
          {answer.message}
        </p>
      ) : null}
      <Form method="post" className="mt-4 grid gap-4" key={edit.version}>
        <input type="hidden" name="intent" value="ubah" />
        <input type="hidden" name="versi" value={edit.version} />
        {asked === null ? null : <input type="hidden" name="total" value={asked} />}
        <OrderLinesFields menu={edit.menu} rows={edit.rows} blank={1} />
        <label className="grid max-w-sm gap-1 text-sm font-semibold">
          Waktu
          <select name="waktu" defaultValue={KEEP_TIME} className="field-input">
            <option value={KEEP_TIME}>Tetap: {edit.when}</option>
            <option value={ASAP}>Secepatnya</option>
            {edit.slots.map((slot) => (
              <option key={slot.value} value={slot.value}>
                {slot.label}
              </option>
            ))}
          </select>
        </label>
        {pin ? (
          <div className="max-w-sm">
            <PinField required={false} hint="Hanya diperlukan bila perubahan menurunkan total." />
          </div>
        ) : null}
        <button
          type="submit"
          className="btn-primary justify-self-start"
          disabled={navigation.state === "submitting"}
        >
          {asked === null ? "Simpan perubahan" : "Setujui total baru dan simpan"}
        </button>
      </Form>
    </section>
  );
}
