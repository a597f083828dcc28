import type { PromoView } from "~/features/catalog/catalog.server.ts";
import { PROMO_IMAGE } from "~/features/media/images.ts";
import { promoMessage, whatsappLink } from "~/lib/whatsapp.ts";
import { WhatsAppIcon } from "~/components/ui/icons.tsx";
import { PictureBox } from "~/components/ui/picture-box.tsx";

export function PromoCard({ promo, whatsapp }: { promo: PromoView; whatsapp: string }) {
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
        {promo.label ? (
          <p className="absolute top-3 left-3 rounded-full bg-saffron-400 px-3 py-1 text-xs font-extrabold text-charcoal shadow">
            {promo.label}
          </p>
        ) : null}
      </div>
      <div className="flex flex-1 flex-col gap-2 p-5">
        <h3 className="text-lg font-extrabold">{promo.title}</h3>
        <p className="flex-1 text-sm text-stone-600">{promo.description}</p>
        <a
          href={whatsappLink(whatsapp, promoMessage(promo.title))}
          target="_blank"
          rel="noopener"
          className="btn-whatsapp mt-2"
        >
          <WhatsAppIcon className="size-5" />
          Ambil Promo<span className="sr-only"> {promo.title}</span>
        </a>
      </div>
    </article>
  );
}
