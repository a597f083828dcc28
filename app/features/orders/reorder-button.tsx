/**
 * "Pesan lagi": puts a past order's lines (levels and notes kept) into the cart and opens it.
 * The cart re-checks them against today's menu as it does every stored line: a changed price is
 * taken over with a notice, a sold-out item stays flagged and out of the order, a dish no longer
 * on the menu is dropped with a notice. The cart lives in the browser, so the button needs
 * JavaScript and is not shown without it.
 */
import { useSyncExternalStore } from "react";
import { useNavigate } from "react-router";
import { useCart } from "~/features/cart/cart-provider.tsx";
import { addLines, cleanNote, type CartLine } from "~/features/cart/cart.ts";

const noChange = () => () => undefined;

interface PastLine {
  menu_item_id: string | null;
  nama: string;
  harga: number;
  jumlah: number;
  level: number | null;
  catatan: string;
}

export function ReorderButton({
  lines,
  catalog,
  className = "btn-secondary",
}: {
  lines: readonly PastLine[];
  /** Today's menu (the root loader's price list), for the lines' pictures. */
  catalog: readonly { id: string; gambar: string }[];
  className?: string;
}) {
  const cart = useCart();
  const navigate = useNavigate();
  // Shown once the page runs JavaScript (the server renders it hidden).
  const ready = useSyncExternalStore(
    noChange,
    () => true,
    () => false,
  );

  const reorder = () => {
    const pictures = new Map(catalog.map((entry) => [entry.id, entry.gambar]));
    const again: CartLine[] = lines.map((line, index) => ({
      // A dish deleted from the menu keeps a name the cart does not know: it is dropped with a notice.
      id: line.menu_item_id ?? `dihapus-${index}`,
      nama: line.nama,
      harga: line.harga,
      jumlah: line.jumlah,
      gambar: (line.menu_item_id && pictures.get(line.menu_item_id)) || "",
      ...(line.level === null ? {} : { level: line.level }),
      ...(cleanNote(line.catatan) ? { catatan: cleanNote(line.catatan) } : {}),
    }));
    cart.replace(addLines(cart.lines, again));
    void navigate("/keranjang");
  };

  return (
    <button type="button" onClick={reorder} hidden={!ready} className={className}>
      Pesan lagi
    </button>
  );
}
