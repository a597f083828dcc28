/** The root's error page (a route's error answer, a 404, a server fault): loaded only when shown (0042). */
import { isRouteErrorResponse } from "react-router";
import type { Route } from "../+types/root";
import { ACCESS_DENIED_NOT_ADMIN } from "~/features/accounts/access-messages.ts";
import { AccessDenied } from "~/features/admin/access-denied.tsx";

export default function ErrorPage({ error }: Route.ErrorBoundaryProps) {
  // The admin gate (admin-access.server.ts) answers before any loader ran, so its 401/403 land here.
  if (isRouteErrorResponse(error) && (error.status === 401 || error.status === 403)) {
    const message = typeof error.data === "string" && error.data ? error.data : ACCESS_DENIED_NOT_ADMIN;
    return <AccessDenied status={error.status} message={message} />;
  }
  let title = "Terjadi kesalahan";
  let message = "Maaf, ada yang tidak beres di pihak kami. Silakan coba lagi sebentar lagi.";
  if (isRouteErrorResponse(error)) {
    if (error.status === 404) {
      title = "Halaman tidak ditemukan";
      message = "Halaman yang kamu cari tidak ada.";
    } else if (error.status < 500 || error.status === 503) {
      // A 503 carries the server's own words (server/server-answers.ts).
      title = `Permintaan tidak dapat diproses (${error.status})`;
      message = typeof error.data === "string" && error.data ? error.data : message;
    }
  } else if (import.meta.env.DEV && error instanceof Error) {
    message = error.message;
  }
  return (
    <main className="mx-auto flex min-h-dvh max-w-xl flex-col items-center justify-center gap-4 p-6 text-center">
      <title>{`${title} | Mie Nyala`}</title>
      <h1 className="text-2xl font-extrabold">{title}</h1>
      <p className="text-stone-600">{message}</p>
      <a href="/" className="btn-primary">
        Kembali ke beranda
      </a>
    </main>
  );
}
