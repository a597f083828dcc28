import type { Route } from "./+types/produk";
import { ProductCard } from "~/features/storefront/product-card.tsx";
import { StoreHoursNotice } from "~/features/store/store-hours-notice.tsx";
import { useRootData } from "~/root.tsx";
import { getMenuSections, getProdukItems } from "~/features/catalog/catalog.server.ts";
import { oneCardPerDish } from "~/features/catalog/menu-dishes.ts";
import { cachedContent } from "~/lib/content-cache.server.ts";
import { getDb } from "~/lib/db.server.ts";
import { getOrigin, getStoreSettings } from "~/features/store/settings.server.ts";
import { pageMeta } from "~/lib/meta.ts";

// The highlighted products, then the whole menu by category; a sold-out dish is greyed and cannot be ordered.
export async function loader({ request }: Route.LoaderArgs) {
  const db = await getDb();
  const [items, sections] = await Promise.all([
    cachedContent("produk", () => getProdukItems(db)),
    cachedContent("menuSections", () => getMenuSections(db)),
  ]);
  const store = await getStoreSettings();
  const origin = getOrigin(request);
  // schema.org Restaurant with its whole Menu, by section, for search engines.
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
      hasMenuSection: sections.map((section) => ({
        "@type": "MenuSection",
        name: section.nama,
        hasMenuItem: section.items.map((item) => ({
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
      })),
    },
  };
  return { items, sections, jsonLd };
}

const sectionId = (id: string) => `menu-${id}`;

export default function Produk({ loaderData }: Route.ComponentProps) {
  const { store } = useRootData();
  const { items, sections } = loaderData;
  return (
    <div className="mx-auto max-w-6xl px-4 pt-8">
      <h1 className="section-title sm:text-4xl">Produk kami</h1>
      <p className="mt-1 text-stone-600">Pilih favoritmu, pesan langsung atau kumpulkan dulu di keranjang.</p>
      <StoreHoursNotice store={store} className="mt-4" />

      <section aria-labelledby="pilihan" className="mt-6">
        <h2 id="pilihan" className="sr-only">
          Menu pilihan
        </h2>
        <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {oneCardPerDish(items).map((item, index) => (
            <ProductCard key={item.id} item={item} priority={index < 2} dish />
          ))}
        </div>
      </section>

      <section aria-labelledby="semua-menu" className="mt-12">
        <h2 id="semua-menu" className="section-title">
          Semua menu
        </h2>
        <nav
          aria-label="Kategori menu"
          className="sticky top-16 z-30 -mx-4 mt-3 border-b border-chili-100 bg-cream/95 px-4 py-2 backdrop-blur sm:static sm:mx-0 sm:border-0 sm:bg-transparent sm:px-0"
        >
          <ul className="flex gap-2 overflow-x-auto">
            {sections.map((section) => (
              <li key={section.id} className="shrink-0">
                <a
                  href={`#${sectionId(section.id)}`}
                  className="inline-flex min-h-10 items-center rounded-full border border-chili-200 bg-white px-4 text-sm font-bold text-chili-700 hover:bg-chili-50"
                >
                  {section.nama}
                  <span className="ml-1.5 font-semibold text-stone-500">
                    {oneCardPerDish(section.items).length}
                  </span>
                </a>
              </li>
            ))}
          </ul>
        </nav>
        {sections.map((section) => (
          <section
            key={section.id}
            id={sectionId(section.id)}
            aria-labelledby={`${sectionId(section.id)}-judul`}
            className="mt-6 scroll-mt-32 sm:scroll-mt-20"
            data-testid="menu-section"
          >
            <h3 id={`${sectionId(section.id)}-judul`} className="text-xl font-extrabold">
              {section.nama}
            </h3>
            <div className="mt-3 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
              {oneCardPerDish(section.items).map((item) => (
                <ProductCard key={item.id} item={item} headingLevel="h4" dish />
              ))}
            </div>
          </section>
        ))}
      </section>
    </div>
  );
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => [
  ...pageMeta(matches, {
    title: "Produk",
    description:
      "Menu lengkap Mie Nyala: mie pedas berbagai level, minuman segar, dan cemilan, lengkap dengan harga.",
    path: "/produk",
  }),
  ...(loaderData ? [{ "script:ld+json": loaderData.jsonLd }] : []),
];
