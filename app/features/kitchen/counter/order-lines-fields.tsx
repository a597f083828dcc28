// The staff's order lines as form rows (each level is its own item); a plain form (0039).
import { useState } from "react";
import { formatRupiah } from "~/lib/format.ts";
import { LINE_FIELDS } from "./order-lines-form.ts";

export interface MenuChoice {
  id: string;
  nama: string;
  harga: number;
  tersedia: boolean;
}

export interface LineRow {
  menu: string;
  jumlah: number;
  catatan: string;
}

export function OrderLinesFields({
  menu,
  rows,
  blank = 2,
}: {
  menu: readonly MenuChoice[];
  rows: readonly LineRow[];
  blank?: number;
}) {
  const [extra, setExtra] = useState(blank);
  const all = [...rows, ...Array.from({ length: extra }, () => ({ menu: "", jumlah: 1, catatan: "" }))];
  return (
    <fieldset className="grid gap-2" data-testid="order-lines">
      <legend className="mb-2 text-lg font-extrabold">Menu</legend>
      <p className="text-sm text-stone-600">
        Jumlah 0 menghapus baris. Tiap level pedas adalah menu tersendiri.
      </p>
      {all.map((row, index) => (
        <div
          key={index}
          className="grid gap-2 sm:grid-cols-[minmax(0,2fr)_5rem_minmax(0,2fr)]"
          data-testid="order-line-row"
        >
          <label className="grid gap-1 text-sm font-semibold">
            Menu baris {index + 1}
            <select name={LINE_FIELDS.menu} defaultValue={row.menu} className="field-input">
              <option value="">— pilih menu —</option>
              {menu.map((item) => (
                <option key={item.id} value={item.id} disabled={!item.tersedia && item.id !== row.menu}>
                  {item.nama} · {formatRupiah(item.harga)}
                  {item.tersedia ? "" : " (habis)"}
                </option>
              ))}
            </select>
          </label>
          <label className="grid gap-1 text-sm font-semibold">
            Jumlah
            <input
              name={LINE_FIELDS.jumlah}
              type="number"
              min={0}
              max={99}
              defaultValue={row.jumlah}
              className="field-input"
            />
          </label>
          <label className="grid gap-1 text-sm font-semibold">
            Catatan
            <input
              name={LINE_FIELDS.catatan}
              maxLength={100}
              defaultValue={row.catatan}
              className="field-input"
            />
          </label>
        </div>
      ))}
      <button
        type="button"
        className="btn-secondary justify-self-start"
        onClick={() => setExtra((n) => n + 1)}
      >
        Tambah baris
      </button>
    </fieldset>
  );
}
