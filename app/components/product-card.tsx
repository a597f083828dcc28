import { useEffect, useState } from "react";
import type { MenuItemView } from "~/utils/catalog.server.ts";
import { formatRupiah } from "~/utils/format.ts";
import { MENU_IMAGE } from "~/utils/images.ts";
import { productMessage, whatsappLink } from "~/utils/whatsapp.ts";
import { useCart } from "./cart-provider.tsx";
import { CartIcon, WhatsAppIcon } from "./icons.tsx";

export function AddToCartButton({
  item,
  className = "btn-secondary",
}: {
  item: MenuItemView;
  className?: string;
}) {
  const { add } = useCart();
  const [added, setAdded] = useState(false);

  useEffect(() => {
    if (!added) return;
    const timer = setTimeout(() => setAdded(false), 1500);
    return () => clearTimeout(timer);
  }, [added]);

  return (
    <>
      <button
        type="button"
        className={className}
        disabled={!item.tersedia}
        onClick={() => {
          add({ id: item.id, nama: item.nama, harga: item.harga, gambar: item.gambar });
          setAdded(true);
        }}
      >
        <CartIcon className="size-5" />
        {added ? "Ditambahkan" : "Tambah"}
        <span className="sr-only"> {item.nama} ke keranjang</span>
      </button>
      <span role="status" className="sr-only">
        {added ? `${item.nama} ditambahkan ke keranjang` : ""}
      </span>
    </>
  );
}

export function OrderLink({
  whatsapp,
  nama,
  className = "btn-whatsapp",
}: {
  whatsapp: string;
  nama: string;
  className?: string;
}) {
  return (
    <a
      href={whatsappLink(whatsapp, productMessage(nama))}
      target="_blank"
      rel="noopener"
      className={className}
    >
      <WhatsAppIcon className="size-5" />
      Pesan<span className="sr-only"> {nama} lewat WhatsApp</span>
    </a>
  );
}

export function ProductCard({
  item,
  whatsapp,
  headingLevel = "h3",
  priority = false,
}: {
  item: MenuItemView;
  whatsapp: string;
  headingLevel?: "h2" | "h3";
  priority?: boolean;
}) {
  const Heading = headingLevel;
  return (
    <article className="card flex flex-col" data-testid="product-card">
      <img
        src={item.gambar}
        alt={item.nama}
        {...MENU_IMAGE}
        loading={priority ? "eager" : "lazy"}
        decoding="async"
        className="aspect-[4/3] w-full bg-chili-50 object-cover"
      />
      <div className="flex flex-1 flex-col gap-2 p-5">
        <p className="w-fit rounded-full bg-chili-50 px-3 py-1 text-xs font-bold tracking-wide text-chili-700 uppercase">
          {item.kategori}
        </p>
        <Heading className="text-lg font-extrabold">{item.nama}</Heading>
        <p className="flex-1 text-sm text-stone-600">{item.deskripsi}</p>
        <p className="text-xl font-extrabold text-chili-700" data-testid="price">
          {formatRupiah(item.harga)}
        </p>
        <div className="mt-2 grid grid-cols-2 gap-2">
          <OrderLink whatsapp={whatsapp} nama={item.nama} className="btn-whatsapp px-3" />
          <AddToCartButton item={item} className="btn-secondary px-3" />
        </div>
      </div>
    </article>
  );
}
