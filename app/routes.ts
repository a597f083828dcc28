import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

/** Every URL of the product, grouped as SPEC.md section 2 groups them. */
export default [
  // Public routes
  index("routes/landing.tsx"),
  layout("routes/_auth/layout.tsx", [
    route("masuk", "routes/_auth/masuk.tsx"),
    route("daftar", "routes/_auth/daftar.tsx"),
  ]),

  // Routes in the shared layout with the top navigation bar
  layout("routes/_site/layout.tsx", [
    route("beranda", "routes/_site/beranda.tsx"),
    route("produk", "routes/_site/produk.tsx"),
    route("keranjang", "routes/_site/keranjang.tsx"),
    route("tentang", "routes/_site/tentang.tsx"),
    route("kontak", "routes/_site/kontak.tsx"),
    // Any other path: the 404 page, inside the layout so the visitor can navigate on.
    route("*", "routes/_site/not-found.tsx"),
  ]),

  // Resource routes (no page of their own)
  route("keluar", "routes/resources/logout.tsx"),
  route("captcha/altcha", "routes/resources/altcha.tsx"),
  route("auth/google", "routes/resources/google-start.tsx"),
  route("auth/google/callback", "routes/resources/google-callback.tsx"),
] satisfies RouteConfig;
