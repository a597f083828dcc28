import { data, Link } from "react-router";
import type { Route } from "./+types/not-found";
import { pageMeta } from "~/lib/meta.ts";

export function loader() {
  return data(null, { status: 404 });
}

export default function NotFound() {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center">
      <p className="text-7xl font-extrabold text-chili-600">404</p>
      <h1 className="mt-4 text-2xl font-extrabold">Halaman tidak ditemukan</h1>
      <p className="mt-2 text-stone-600">Maaf, halaman yang kamu cari tidak ada atau sudah dipindahkan.</p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <Link to="/" className="btn-primary">
          Kembali ke beranda
        </Link>
        <Link to="/produk" className="btn-secondary">
          Lihat Produk
        </Link>
      </div>
    </div>
  );
}

export const meta: Route.MetaFunction = ({ matches, location }) => [
  ...pageMeta(matches, {
    title: "Halaman tidak ditemukan",
    description: "Halaman yang kamu cari tidak ada.",
    path: location.pathname,
    robots: "noindex",
  }),
];
