import type { ReactNode } from "react";
import type { Route } from "./+types/beranda";
import { Carousel } from "~/features/storefront/carousel.tsx";
import { ProductCard } from "~/features/storefront/product-card.tsx";
import { oneCardPerDish } from "~/features/catalog/menu-dishes.ts";
import { StoreHoursNotice } from "~/features/store/store-hours-notice.tsx";
import { useRootData } from "~/root.tsx";
import { getActiveSlides, getBestSellers } from "~/features/catalog/catalog.server.ts";
import { getActivePromos } from "~/features/promotions/promo-cards.server.ts";
import { promoCardView } from "~/features/promotions/promo-card-view.ts";
import { getPricingContext } from "~/features/pricing/pricing-context.server.ts";
import { getStoreSettings } from "~/features/store/settings.server.ts";
import { storeNow } from "~/lib/clock.server.ts";
import { cachedContent } from "~/lib/content-cache.server.ts";
import { getDb } from "~/lib/db.server.ts";
import { firstUseComponent } from "~/lib/lazy-component.ts";
import { pageMeta } from "~/lib/meta.ts";

/** A promo card is plain HTML and a plain form: its code comes at the first tap (decision 0042). */
const PromoCard = firstUseComponent(() => import("~/features/storefront/promo-card.tsx"));

export async function loader() {
  const db = await getDb();
  const now = storeNow();
  const [slides, promoRows, bestSellers, pricing, store] = await Promise.all([
    cachedContent("slides", () => getActiveSlides(db)),
    cachedContent("promos", () => getActivePromos(db, new Date(now))),
    cachedContent("bestSellers", () => getBestSellers(db)),
    getPricingContext(db),
    getStoreSettings(db),
  ]);
  const promos = promoRows.map((row) => promoCardView(row, pricing, now, store.timezone));
  return { slides, promos, bestSellers };
}

function CardSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="mt-12">
      <h2 id={id} className="section-title">
        {title}
      </h2>
      <div className="mt-5 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">{children}</div>
    </section>
  );
}

export default function Beranda({ loaderData }: Route.ComponentProps) {
  const { store } = useRootData();
  const { slides, promos, bestSellers } = loaderData;
  return (
    <div className="mx-auto max-w-6xl px-4 pt-6">
      <h1 className="sr-only">Beranda {store.brand}</h1>
      <StoreHoursNotice store={store} className="mb-4" />
      <Carousel slides={slides} />

      {promos.length > 0 ? (
        <CardSection id="promo" title="Promo spesial">
          {promos.map((promo) => (
            <PromoCard key={promo.id} promo={promo} />
          ))}
        </CardSection>
      ) : null}

      <CardSection id="terlaris" title="Menu terlaris">
        {oneCardPerDish(bestSellers).map((item) => (
          <ProductCard key={item.id} item={item} dish />
        ))}
      </CardSection>
    </div>
  );
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Beranda",
    description:
      "Menu terlaris, promo spesial hari ini, dan mie pedas favoritmu. Pesan langsung lewat WhatsApp.",
    path: "/beranda",
  });
