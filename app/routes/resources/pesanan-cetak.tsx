import { data } from "react-router";
import type { Route } from "./+types/pesanan-cetak";
import { handlePrintRequest, requirePrinting } from "~/features/kitchen/printing/print-api.server.ts";
import { getStoreSettings } from "~/features/store/settings.server.ts";
import { getDb } from "~/lib/db.server.ts";
import { readForm } from "~/lib/form.server.ts";

// The board's print claims (print-api.server.ts); JSON answers, for the board's roles (404 for anyone else).
export function loader() {
  throw data("Cetak tiket hanya lewat tombol di papan pesanan.", {
    status: 405,
    headers: { Allow: "POST" },
  });
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = requirePrinting(context, "/admin/pesanan/cetak");
  const form = await readForm(request);
  const db = await getDb();
  const { status, body } = await handlePrintRequest(
    db,
    admin,
    await getStoreSettings(db),
    Object.fromEntries(form),
  );
  return data(body, { status, headers: { "Cache-Control": "no-store" } });
}
