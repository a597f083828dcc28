import { useNavigate } from "react-router";
import type { PromoCardView } from "~/features/promotions/promo-card-view.ts";
import { useCart } from "~/features/cart/cart-provider.tsx";
import { PROMO_IMAGE } from "~/features/media/images.ts";
import { CartIcon } from "~/components/ui/icons.tsx";
import { PictureBox } from "~/components/ui/picture-box.tsx";

/**
 * A promo card of /beranda. Its time label and terms come from its rule, so they are true on the
 * day they are read; a promo outside its hours says when it applies next. "Ambil Promo" puts the
 * promo's items in the cart and opens it; a promo without items (a discount on everything) leads
 * to the menu.
 */
export function PromoCard({ promo }: { promo: PromoCardView }) {
  const { add } = useCart();
  const navigate = useNavigate();
  const items = promo.items;
  return (
    <article className="card flex flex-col" data-testid="promo-card">
      <div className="relative">
        <PictureBox
          boxClassName="aspect-[8/5] w-full bg-chili-50"
          src={promo.image}
          alt=""
          {...PROMO_IMAGE}
          loading="lazy"
          decoding="async"
        />
        <div className="absolute top-3 left-3 flex flex-wrap gap-1.5">
          {promo.when ? (
            <p
              className="rounded-full bg-saffron-400 px-3 py-1 text-xs font-extrabold text-charcoal shadow"
              data-testid="promo-when"
            >
              {promo.when}
            </p>
          ) : null}
          {promo.label ? (
            <p className="rounded-full bg-white px-3 py-1 text-xs font-extrabold text-charcoal shadow">
              {promo.label}
            </p>
          ) : null}
        </div>
      </div>
      <div className="flex flex-1 flex-col gap-2 p-5">
        <h3 className="text-lg font-extrabold">{promo.title}</h3>
        {promo.offer ? (
          <p className="text-sm font-bold text-chili-700" data-testid="promo-offer">
            {promo.offer}
          </p>
        ) : null}
        <p className="flex-1 text-sm text-stone-600">{promo.description}</p>
        {promo.terms.length > 0 ? (
          <ul className="text-xs text-stone-600" data-testid="promo-terms">
            {promo.terms.map((term) => (
              <li key={term}>• {term}</li>
            ))}
          </ul>
        ) : null}
        {promo.availability ? (
          <p
            className={`text-sm font-semibold ${promo.availability.now ? "text-green-800" : "text-stone-600"}`}
            data-testid="promo-availability"
          >
            {promo.availability.text}
          </p>
        ) : null}
        {/* Without JavaScript the form leads to the menu; with it the items go into the cart. */}
        <form
          method="get"
          action="/produk"
          onSubmit={(event) => {
            if (!items) return;
            event.preventDefault();
            for (const item of items) {
              for (let count = 0; count < item.jumlah; count++) {
                add({
                  id: item.id,
                  nama: item.nama,
                  harga: item.harga,
                  gambar: item.gambar,
                  level: item.level ?? undefined,
                });
              }
            }
            void navigate("/keranjang");
          }}
        >
          <button type="submit" className="btn-primary mt-2 w-full">
            <CartIcon className="size-5" />
            Ambil Promo
            <span className="sr-only"> {promo.title}</span>
          </button>
        </form>
      </div>
    </article>
  );
}
