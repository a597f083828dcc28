import type { Route } from "./+types/produk";
import { ProductCard } from "~/features/catalog/product-card.tsx";
import { StoreHoursNotice } from "~/features/store/store-hours-notice.tsx";
import { useRootData } from "~/root.tsx";
import { getProdukItems } from "~/features/catalog/catalog.server.ts";
import { cachedContent } from "~/lib/content-cache.server.ts";
import { getDb } from "~/lib/db.server.ts";
import { getOrigin, getStoreSettings } from "~/features/store/settings.server.ts";
import { pageMeta } from "~/lib/meta.ts";

export async function loader({ request }: Route.LoaderArgs) {
  const items = await cachedContent("produk", async () => getProdukItems(await getDb()));
  const store = await getStoreSettings();
  const origin = getOrigin(request);
  // schema.org Restaurant with its Menu, for search engines.
  const jsonLd = {
    "@context": "https://schema.org",
    "@type": "Restaurant",
    name: store.brand,
    url: `${origin}/`,
    telephone: store.whatsappDisplay,
    address: { "@type": "PostalAddress", streetAddress: store.address, addressCountry: "ID" },
    servesCuisine: "Indonesia",
    priceRange: "Rp",
    hasMenu: {
      "@type": "Menu",
      name: `Menu ${store.brand}`,
      hasMenuItem: items.map((item) => ({
        "@type": "MenuItem",
        name: item.nama,
        description: item.deskripsi,
        image: `${origin}${item.gambar}`,
        offers: {
          "@type": "Offer",
          price: item.harga,
          priceCurrency: "IDR",
          availability: item.tersedia ? "https://schema.org/InStock" : "https://schema.org/SoldOut",
        },
      })),
    },
  };
  return { items, jsonLd };
}

export default function Produk({ loaderData }: Route.ComponentProps) {
  const { store } = useRootData();
  return (
    <div className="mx-auto max-w-6xl px-4 pt-8">
      <h1 className="section-title sm:text-4xl">Produk kami</h1>
      <p className="mt-1 text-stone-600">Pilih favoritmu, pesan langsung atau kumpulkan dulu di keranjang.</p>
      <StoreHoursNotice store={store} className="mt-4" />
      <div className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {loaderData.items.map((item, index) => (
          <ProductCard
            key={item.id}
            item={item}
            whatsapp={store.whatsapp}
            headingLevel="h2"
            priority={index < 2}
          />
        ))}
      </div>
    </div>
  );
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => [
  ...pageMeta(matches, {
    title: "Produk",
    description:
      "Daftar menu Mie Nyala: mie pedas berbagai level, minuman segar, dan cemilan, lengkap dengan harga.",
    path: "/produk",
  }),
  ...(loaderData ? [{ "script:ld+json": loaderData.jsonLd }] : []),
];
