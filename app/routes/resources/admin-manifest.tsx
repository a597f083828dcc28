import type { Route } from "./+types/admin-manifest";
import { getStoreSettings } from "~/features/store/settings.server.ts";
import { getDb } from "~/lib/db.server.ts";

// The admin area as an installable app, which iOS needs before it delivers any push (0036); public, as
// browsers fetch a manifest without cookies.
export async function loader(_args: Route.LoaderArgs) {
  const { brand } = await getStoreSettings(await getDb());
  const icon = (file: string, size: number, purpose: "any" | "maskable") => ({
    src: `/images/admin-app/${file}`,
    sizes: `${size}x${size}`,
    type: "image/png",
    purpose,
  });
  const manifest = {
    id: "/admin/",
    name: `Papan Pesanan ${brand}`,
    short_name: "Pesanan",
    description: `Pesanan masuk ${brand}: papan dapur, notifikasi, dan pengaturan toko.`,
    lang: "id",
    start_url: "/admin/pesanan",
    scope: "/admin/",
    display: "standalone",
    background_color: "#fff7ed",
    theme_color: "#d7261e",
    icons: [
      icon("icon-192.png", 192, "any"),
      icon("icon-512.png", 512, "any"),
      icon("icon-maskable-192.png", 192, "maskable"),
      icon("icon-maskable-512.png", 512, "maskable"),
    ],
  };
  return new Response(JSON.stringify(manifest), {
    headers: { "Content-Type": "application/manifest+json; charset=utf-8", "Cache-Control": "no-cache" },
  });
}
