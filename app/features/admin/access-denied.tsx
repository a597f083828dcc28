import { lazy, Suspense, useState } from "react";
import { Link, useNavigate } from "react-router";
import { useHydrated } from "~/lib/use-hydrated.ts";

// Fetched only when it opens: the root's error page is in every page's JavaScript, the dialog rarely needed.
const MessageDialog = lazy(() =>
  import("~/ui/dialog.tsx").then((module) => ({ default: module.MessageDialog })),
);

const ACCESS_DENIED_TITLE = "Akses Ditolak";

// From an error answer, so no admin data is on it. 401: a warning, then /beranda; 403: for admins only.
export function AccessDenied({ status, message }: { status: 401 | 403; message: string }) {
  const navigate = useNavigate();
  const [warning, setWarning] = useState(status === 401);
  const hydrated = useHydrated();
  return (
    <main className="mx-auto flex min-h-dvh max-w-xl flex-col items-center justify-center gap-4 p-6 text-center">
      <title>{`${ACCESS_DENIED_TITLE} | Mie Nyala`}</title>
      <meta name="robots" content="noindex" />
      <span
        className="inline-flex size-16 items-center justify-center rounded-full border-4 border-amber-500 text-3xl font-extrabold text-amber-700"
        aria-hidden="true"
      >
        !
      </span>
      <h1 className="text-2xl font-extrabold">{ACCESS_DENIED_TITLE}</h1>
      <p className="text-stone-600">{message}</p>
      <div className="flex flex-wrap justify-center gap-3">
        {status === 401 ? (
          <Link to="/masuk" className="btn-primary">
            Masuk
          </Link>
        ) : null}
        <Link to="/beranda" className={status === 401 ? "btn-secondary" : "btn-primary"}>
          Ke Beranda
        </Link>
      </div>
      {hydrated && warning ? (
        <Suspense fallback={null}>
          <MessageDialog
            open
            tone="warning"
            title={ACCESS_DENIED_TITLE}
            message={message}
            autoCloseMs={1500}
            onClose={() => {
              setWarning(false);
              void navigate("/beranda", { replace: true });
            }}
          />
        </Suspense>
      ) : null}
    </main>
  );
}
