import { type RouteConfig, index, layout, prefix, route } from "@react-router/dev/routes";

export default [
  index("routes/landing.tsx"),
  layout("routes/_auth/layout.tsx", [
    route("masuk", "routes/_auth/masuk.tsx"),
    route("daftar", "routes/_auth/daftar.tsx"),
    route("kode-admin", "routes/_auth/kode-admin.tsx"),
    route("undangan/:token", "routes/_auth/undangan.tsx"),
    route("perangkat", "routes/_auth/perangkat.tsx"),
  ]),

  layout("routes/_site/layout.tsx", [
    route("beranda", "routes/_site/beranda.tsx"),
    route("produk", "routes/_site/produk.tsx"),
    route("keranjang", "routes/_site/keranjang.tsx"),
    route("keranjang/tambah", "routes/_site/keranjang-tambah.tsx"),
    route("keranjang/pesan/:menu", "routes/_site/keranjang-pesan.tsx"),
    route("pesanan", "routes/_site/pesanan.tsx"),
    route("pesanan/:kode", "routes/_site/pesanan-detail.tsx"),
    route("pesanan-saya", "routes/_site/pesanan-saya.tsx"),
    route("tentang", "routes/_site/tentang.tsx"),
    route("kontak", "routes/_site/kontak.tsx"),
    route("*", "routes/_site/not-found.tsx"),
  ]),

  // Every admin page and action is behind the staff gate and the role matrix (app/features/accounts/access.ts).
  ...prefix("admin", [
    layout("routes/admin/layout.tsx", [
      // The frame's error boundary shows a refused page inside the admin shell.
      layout("routes/admin/frame.tsx", [
        index("routes/admin/index.tsx"),
        route("dashboard", "routes/admin/dashboard.tsx"),
        route("users", "routes/admin/users.tsx"),
        route("staf", "routes/admin/staf.tsx"),
        route("perangkat", "routes/admin/perangkat.tsx"),
        route("profil", "routes/admin/profil.tsx"),
        route("pengaturan", "routes/admin/pengaturan.tsx"),
        route("notifikasi-masuk", "routes/admin/notifikasi-masuk.tsx"),
        route("pengaturan-notifikasi", "routes/admin/pengaturan-notifikasi.tsx"),
        route("menu", "routes/admin/operasi/menu.tsx"),
        route("produk", "routes/admin/operasi/menu.tsx", { id: "routes/admin/operasi/produk" }),
        route("menu-populer", "routes/admin/operasi/menu-populer.tsx"),
        route("menu-diskon", "routes/admin/operasi/promo.tsx"),
        route("promo", "routes/admin/operasi/promo.tsx", { id: "routes/admin/operasi/promo-alias" }),
        route("banner", "routes/admin/operasi/banner.tsx"),
        route("outlet", "routes/admin/operasi/outlet.tsx"),
        route("pesanan", "routes/admin/operasi/pesanan.tsx"),
        route("pesanan/kasir", "routes/admin/operasi/pesanan-kasir.tsx"),
        route("pesanan/:kode", "routes/admin/operasi/pesanan-detail.tsx"),
        route("laporan", "routes/admin/operasi/laporan.tsx"),
        route("log-perubahan", "routes/admin/operasi/log-perubahan.tsx"),
        route("*", "routes/admin/not-found.tsx"),
      ]),
    ]),
  ]),

  route("keluar", "routes/resources/logout.tsx"),
  route("captcha/altcha", "routes/resources/altcha.tsx"),
  route("keranjang/pindahkan", "routes/resources/keranjang-pindahkan.tsx"),
  route("auth/google", "routes/resources/google-start.tsx"),
  route("auth/google/callback", "routes/resources/google-callback.tsx"),
  route("pesanan/:kode/langsung", "routes/resources/pesanan-langsung.tsx"),
  route("pesanan/:kode/qris.png", "routes/resources/pesanan-qris.tsx"),
  route("admin/pesanan/langsung", "routes/resources/pesanan-papan.tsx"),
  route("admin/pesanan/:kode/cetak/:tiket/:kertas", "routes/resources/pesanan-tiket.tsx"),
  route("admin/pesanan/cetak", "routes/resources/pesanan-cetak.tsx"),
  route("admin/manifest.webmanifest", "routes/resources/admin-manifest.tsx"),
  route("admin/sw.js", "routes/resources/admin-service-worker.tsx"),
  route("admin/notifikasi-push", "routes/resources/notifikasi-push.tsx"),
  route("gambar/:kind/:file", "routes/resources/gambar.tsx"),
  // GET /healthz is answered by the server before React Router (server/health.ts).
] satisfies RouteConfig;
