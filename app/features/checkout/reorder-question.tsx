import { Form, Link } from "react-router";
import type { ReorderMode } from "./reorder.server.ts";

export function ReorderQuestion({ code, count, busy }: { code: string; count: number; busy: boolean }) {
  const choices: { mode: ReorderMode; label: string; style: string }[] = [
    { mode: "ganti", label: "Ganti isi keranjang", style: "btn-primary" },
    { mode: "tambah", label: "Tambahkan", style: "btn-secondary" },
  ];
  return (
    <section
      role="group"
      aria-labelledby="pesan-lagi-tanya"
      data-testid="reorder-question"
      className="card mt-4 border-chili-200 p-4"
    >
      <h2 id="pesan-lagi-tanya" className="font-extrabold">
        Keranjangmu masih berisi {count} porsi
      </h2>
      <p className="mt-1 text-stone-700">
        Ganti isi keranjang dengan pesanan <span className="font-mono font-bold">{code}</span>, atau tambahkan
        pesanan itu ke isi keranjang sekarang?
      </p>
      <Form method="post" className="mt-3 flex flex-wrap gap-2">
        <input type="hidden" name="intent" value="pesan-lagi" />
        <input type="hidden" name="kode" value={code} />
        {choices.map(({ mode, label, style }) => (
          <button
            key={mode}
            type="submit"
            name="cara"
            value={mode}
            className={`${style} min-h-11 py-2`}
            disabled={busy}
          >
            {label}
          </button>
        ))}
        <Link to="/pesanan-saya" className="btn-secondary min-h-11 py-2" replace>
          Batal
        </Link>
      </Form>
    </section>
  );
}
