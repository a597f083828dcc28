import { data } from "react-router";
import type { Route } from "./+types/keranjang-pindahkan";
import { importAction } from "~/features/cart/cart-actions.server.ts";
import { readForm } from "~/lib/form.server.ts";

// The cart a browser kept in localStorage before the server kept carts, sent once by the page's script.
export function loader() {
  throw data("Keranjang lama hanya bisa dikirim oleh halaman toko.", {
    status: 405,
    headers: { Allow: "POST" },
  });
}

export async function action(args: Route.ActionArgs) {
  return importAction(args, await readForm(args.request));
}
