import type { MenuItemView } from "~/features/catalog/catalog.server.ts";
import { AddToCartButton } from "~/features/cart/add-to-cart.tsx";
import { formatRupiah } from "~/lib/format.ts";
import { MENU_IMAGE, pictureSrcSet } from "~/features/media/images.ts";
import { lowestPrice } from "~/features/catalog/menu-dishes.ts";
import { levelRangeText } from "~/features/catalog/spice-levels.ts";
import { WhatsAppIcon } from "~/ui/icons.tsx";
import { PictureBox } from "~/ui/picture-box.tsx";
import { ChiliIcon } from "../catalog/spice-level-icons.tsx";
import { PortionsLeft } from "./portions-left.tsx";
import { QuickOrderLink } from "./quick-order-link.tsx";

// With `dish`, a level family is one card (the full menu on /produk); "Tambah" asks the level.
export function ProductCard({
  item,
  headingLevel = "h3",
  priority = false,
  dish = false,
}: {
  item: MenuItemView;
  headingLevel?: "h2" | "h3" | "h4";
  priority?: boolean;
  dish?: boolean;
}) {
  const Heading = headingLevel;
  const soldOut = !item.tersedia;
  const family = dish && item.level_family !== null && item.levels.length > 1 ? item.level_family : null;
  const nama = family ?? item.nama;
  return (
    <article
      className={`card flex flex-col ${soldOut ? "bg-stone-50" : ""}`}
      data-testid="product-card"
      data-sold-out={soldOut ? "true" : undefined}
    >
      <div className="flex gap-4 p-4 pb-0 sm:flex-col sm:gap-0 sm:p-0">
        <PictureBox
          boxClassName="size-28 shrink-0 overflow-hidden rounded-2xl bg-chili-50 sm:aspect-[4/3] sm:h-auto sm:w-full sm:rounded-none"
          src={item.gambar}
          srcSet={pictureSrcSet(item.gambar, "menu")}
          sizes="(min-width: 1024px) 370px, (min-width: 640px) 50vw, 112px"
          alt={nama}
          {...MENU_IMAGE}
          loading={priority ? "eager" : "lazy"}
          decoding="async"
          className={soldOut ? "opacity-60 grayscale" : ""}
        />
        <div className="flex min-w-0 flex-1 flex-col items-start gap-1 sm:gap-2 sm:px-5 sm:pt-5">
          <div className="flex flex-wrap gap-1.5">
            <p className="rounded-full bg-chili-50 px-2.5 py-0.5 text-xs font-bold tracking-wide text-chili-700 uppercase">
              {item.kategori}
            </p>
            {soldOut ? (
              <p className="rounded-full bg-stone-700 px-2.5 py-0.5 text-xs font-bold tracking-wide text-white uppercase">
                Habis
              </p>
            ) : item.levels.length > 1 ? (
              <p className="inline-flex items-center gap-1 rounded-full bg-amber-50 px-2.5 py-0.5 text-xs font-bold text-amber-900">
                <ChiliIcon className="size-3.5" /> Pilihan {levelRangeText(item.levels)}
              </p>
            ) : null}
            {soldOut ? null : <PortionsLeft sisa={item.sisa} />}
          </div>
          <Heading className="text-lg leading-snug font-extrabold">{nama}</Heading>
          <p className="text-sm text-stone-600">{item.deskripsi}</p>
          {family ? <DishLevels item={item} family={family} /> : null}
        </div>
      </div>
      <div className="mt-auto flex flex-col gap-3 p-4 sm:p-5">
        <p
          className={`text-xl font-extrabold ${soldOut ? "text-stone-500" : "text-chili-700"}`}
          data-testid="price"
        >
          {family ? `mulai ${formatRupiah(lowestPrice(item))}` : formatRupiah(item.harga)}
        </p>
        {soldOut ? (
          <AddToCartButton
            item={item}
            nama={nama}
            className="btn-secondary w-full border-stone-300 px-3 text-stone-600"
          />
        ) : (
          <div className="grid grid-cols-2 gap-2">
            <QuickOrderLink menuId={item.id} className="btn-whatsapp px-3">
              <WhatsAppIcon className="size-5" />
              Pesan<span className="sr-only"> {nama} lewat WhatsApp</span>
            </QuickOrderLink>
            <AddToCartButton item={item} nama={nama} className="btn-secondary px-3" />
          </div>
        )}
      </div>
    </article>
  );
}

function DishLevels({ item, family }: { item: MenuItemView; family: string }) {
  return (
    <ul aria-label={`Level ${family}`} className="flex flex-wrap gap-1.5 text-xs" data-testid="dish-levels">
      {item.levels.map((level) => (
        <li
          key={level.id}
          className={`rounded-full border px-2 py-0.5 font-semibold ${
            level.tersedia
              ? "border-chili-100 text-stone-700"
              : "border-stone-200 text-stone-400 line-through"
          }`}
        >
          Level {level.level} · {level.tersedia ? formatRupiah(level.harga) : "habis"}
        </li>
      ))}
    </ul>
  );
}
