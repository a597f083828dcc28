import type { PromoCardView } from "~/features/promotions/promo-card-view.ts";
import { PROMO_INTENT } from "~/features/cart/cart-form.ts";
import { PROMO_IMAGE } from "~/features/media/images.ts";
import { CartIcon } from "~/ui/icons.tsx";
import { PictureBox } from "~/ui/picture-box.tsx";

// Its time label and terms come from its rule, so they are true on the day they are read.
export default function PromoCard({ promo }: { promo: PromoCardView }) {
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
        <form method={items ? "post" : "get"} action={items ? "/keranjang" : "/produk"}>
          {items ? (
            <>
              <input type="hidden" name="intent" value={PROMO_INTENT} />
              <input type="hidden" name="promo" value={promo.id} />
            </>
          ) : null}
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
