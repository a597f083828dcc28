/** The cart tests' menu and lines: three dishes without levels, as the cart rules see them. */
import { parseStoredCart, type CartLine, type CatalogEntry } from "./cart.ts";

export const mie = { id: "mie-nyala-level-1", nama: "Mie Nyala Level 1", harga: 10_000 };
export const esTeh = { id: "es-teh-jumbo", nama: "Es Teh Jumbo", harga: 5_000 };
export const pangsit = { id: "pangsit-goreng", nama: "Pangsit Goreng", harga: 9_000 };
export const picture = (id: string) => `/images/menu/${id}.webp`;

export const line = (item: Omit<CartLine, "jumlah">, jumlah: number): CartLine => ({ ...item, jumlah });
export const stored = (value: unknown) => parseStoredCart(JSON.stringify(value));
export const kept = (item: Omit<CartLine, "jumlah">, jumlah: number) => ({
  ...item,
  jumlah,
  gambar: picture(item.id),
});

export const menu: CatalogEntry[] = [mie, esTeh, pangsit].map((item) => ({
  ...item,
  gambar: picture(item.id),
  tersedia: true,
}));
export const soldOutMenu = (id: string) =>
  menu.map((entry) => (entry.id === id ? { ...entry, tersedia: false } : entry));
