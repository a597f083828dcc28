import { useEffect, useRef, useState } from "react";
import { data, Form, Link, useActionData, useFetcher, useNavigation, useSubmit } from "react-router";
import type { Route } from "./+types/users";
import { AdminPageHeader } from "~/features/admin/admin-shell.tsx";
import { ConfirmDialog, MessageDialog } from "~/ui/dialog.tsx";
import { formatNumber, providerLabel, roleLabel, truncateName } from "~/features/admin/format.ts";
import { formatDate } from "~/lib/dates.ts";
import { useRootData } from "~/root.tsx";
import { DELETE_USER_MESSAGES, deleteUser, listUsers } from "~/features/admin/users.server.ts";
import { normalizeUserQuery, parsePageNumber, USER_SEARCH_MAX } from "~/features/admin/users.ts";
import { requireAdmin } from "~/features/accounts/permissions.server.ts";
import { getDb } from "~/lib/db.server.ts";
import { adminMeta } from "~/lib/meta.ts";
import { readForm } from "~/lib/form.server.ts";

const USERS_LOAD_ERROR = "Daftar pengguna gagal dimuat. Silakan muat ulang halaman.";
const DELETE_SUCCESS = "Pengguna berhasil dihapus";
const DELETE_FAILURE_TITLE = "Gagal!";

export async function loader({ context, url }: Route.LoaderArgs) {
  const admin = requireAdmin(context);
  const query = normalizeUserQuery(url.searchParams.get("q"));
  const page = parsePageNumber(url.searchParams.get("page"));
  try {
    const result = await listUsers(await getDb(), { query, page });
    return { adminId: admin.id, result, error: null };
  } catch (error) {
    console.error("Daftar pengguna gagal dimuat:", error);
    return data({ adminId: admin.id, result: null, error: USERS_LOAD_ERROR }, { status: 503 });
  }
}

type DeleteAnswer = { ok: true; message: string } | { ok: false; title: string; message: string };

export async function action({ request, context }: Route.ActionArgs) {
  const admin = requireAdmin(context);
  const form = await readForm(request);
  const intent = form.get("intent");
  if (intent !== "delete") {
    return data<DeleteAnswer>(
      { ok: false, title: DELETE_FAILURE_TITLE, message: "Permintaan tidak dikenal." },
      { status: 400 },
    );
  }
  const userId = form.get("userId");
  try {
    const result = await deleteUser(await getDb(), admin.id, typeof userId === "string" ? userId : "");
    if (result.ok) return data<DeleteAnswer>({ ok: true, message: DELETE_SUCCESS });
    return data<DeleteAnswer>(
      { ok: false, title: DELETE_FAILURE_TITLE, message: result.message },
      { status: result.status },
    );
  } catch (error) {
    console.error("Pengguna gagal dihapus:", error);
    return data<DeleteAnswer>(
      { ok: false, title: DELETE_FAILURE_TITLE, message: DELETE_USER_MESSAGES.failed },
      { status: 500 },
    );
  }
}

/** Submits the search form 300 ms after the last keystroke, replacing the history entry. */
function useDebouncedSearch() {
  const submit = useSubmit();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return (form: HTMLFormElement) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      const values = new FormData(form);
      values.delete("page");
      void submit(values, { method: "get", replace: true, preventScrollReset: true });
    }, 300);
  };
}

function pageHref(query: string, page: number) {
  const params = new URLSearchParams();
  if (query) params.set("q", query);
  if (page > 1) params.set("page", String(page));
  const search = params.toString();
  return search ? `?${search}` : ".";
}

export default function AdminUsers({ loaderData }: Route.ComponentProps) {
  const { adminId, result, error } = loaderData;
  const { timezone } = useRootData().store;
  const navigation = useNavigation();
  const searching = navigation.state === "loading" && navigation.location.pathname === "/admin/users";
  const onSearchInput = useDebouncedSearch();
  const fetcher = useFetcher<DeleteAnswer>();
  const documentAnswer = useActionData<DeleteAnswer>();
  const [target, setTarget] = useState<{ id: string; nama: string } | null>(null);
  const [answerShown, setAnswerShown] = useState<DeleteAnswer | null>(null);
  const searchInput = useRef<HTMLInputElement>(null);

  // The fetcher's answer opens a message once; closing it clears it.
  const [lastData, setLastData] = useState(fetcher.data);
  if (fetcher.state === "idle" && fetcher.data !== lastData) {
    setLastData(fetcher.data);
    if (fetcher.data) setAnswerShown(fetcher.data);
  }

  // Back/forward: the box follows the address bar unless someone is typing in it.
  const query = result?.query ?? "";
  useEffect(() => {
    const input = searchInput.current;
    if (input && document.activeElement !== input) input.value = query;
  }, [query]);

  return (
    <>
      <AdminPageHeader title="Pengguna" description="Cari dan kelola akun pelanggan dan admin." />

      <Form
        method="get"
        role="search"
        className="mb-4 flex flex-wrap items-end gap-2"
        onChange={(event) => onSearchInput(event.currentTarget)}
      >
        <div className="min-w-0 flex-1">
          <label htmlFor="cari-pengguna" className="field-label">
            Cari nama atau email
          </label>
          <input
            ref={searchInput}
            id="cari-pengguna"
            type="search"
            name="q"
            defaultValue={query}
            maxLength={USER_SEARCH_MAX}
            placeholder="Contoh: budi atau @gmail.com"
            autoComplete="off"
            className="field-input"
          />
        </div>
        <button type="submit" className="btn-secondary">
          Cari
        </button>
      </Form>

      {documentAnswer ? (
        <p
          role={documentAnswer.ok ? "status" : "alert"}
          className={`mb-4 rounded-xl p-3 text-sm font-semibold ${
            documentAnswer.ok ? "bg-green-50 text-green-800" : "bg-chili-50 text-chili-800"
          }`}
        >
          {documentAnswer.ok ? documentAnswer.message : `${documentAnswer.title} ${documentAnswer.message}`}
        </p>
      ) : null}

      {error || !result ? (
        <p role="alert" className="rounded-xl bg-chili-50 p-4 font-semibold text-chili-800">
          {error ?? USERS_LOAD_ERROR}
        </p>
      ) : (
        <section aria-labelledby="hasil-pengguna" aria-busy={searching}>
          <h2 id="hasil-pengguna" className="sr-only">
            Daftar pengguna
          </h2>
          <p className="mb-3 text-sm text-stone-600" role="status">
            {result.total === 0
              ? query
                ? `Tidak ada pengguna yang cocok dengan "${query}".`
                : "Belum ada pengguna."
              : `${result.totalCapped ? "Lebih dari " : ""}${formatNumber(result.total)} pengguna${
                  query ? ` cocok dengan "${query}"` : ""
                }`}
          </p>
          {result.users.length > 0 ? (
            <div className={`card overflow-x-auto ${searching ? "opacity-60" : ""}`}>
              <table className="w-full text-left text-sm">
                <thead className="border-b border-stone-200 bg-stone-50 text-xs text-stone-600 uppercase">
                  <tr>
                    <th scope="col" className="px-4 py-3">
                      Nama
                    </th>
                    <th scope="col" className="hidden px-4 py-3 md:table-cell">
                      Email
                    </th>
                    <th scope="col" className="hidden px-4 py-3 lg:table-cell">
                      Metode
                    </th>
                    <th scope="col" className="hidden px-4 py-3 lg:table-cell">
                      Peran
                    </th>
                    <th scope="col" className="hidden px-4 py-3 md:table-cell">
                      Bergabung
                    </th>
                    <th scope="col" className="px-4 py-3 text-right">
                      Aksi
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-stone-100">
                  {result.users.map((user) => (
                    <tr key={user.id} data-user-email={user.email}>
                      <td className="px-4 py-3 font-semibold">
                        <span title={user.nama} aria-hidden="true">
                          {truncateName(user.nama)}
                        </span>
                        <span className="sr-only">{user.nama}</span>
                        {user.id === adminId ? (
                          <span className="ml-1 text-xs text-stone-500">(Anda)</span>
                        ) : null}
                        <span className="block font-normal break-all text-stone-600 md:hidden">
                          {user.email}
                        </span>
                      </td>
                      <td className="hidden px-4 py-3 break-all md:table-cell">{user.email}</td>
                      <td className="hidden px-4 py-3 lg:table-cell">{providerLabel(user.provider)}</td>
                      <td className="hidden px-4 py-3 lg:table-cell">
                        <span
                          className={`rounded-full px-2 py-0.5 text-xs font-bold ${
                            user.role === "admin"
                              ? "bg-chili-50 text-chili-700"
                              : "bg-stone-100 text-stone-700"
                          }`}
                        >
                          {roleLabel(user.role)}
                        </span>
                      </td>
                      <td className="hidden px-4 py-3 whitespace-nowrap md:table-cell">
                        {formatDate(user.created_at, timezone)}
                      </td>
                      <td className="px-4 py-3">
                        <div className="flex justify-end gap-2">
                          {/* SPEC.md: the edit button is there without behaviour. */}
                          <button
                            type="button"
                            disabled
                            title="Mengubah pengguna belum tersedia"
                            className="rounded-full border border-stone-300 px-3 py-1.5 text-xs font-semibold text-stone-500 disabled:cursor-not-allowed"
                          >
                            Ubah<span className="sr-only"> {user.nama}</span>
                          </button>
                          {user.id === adminId ? (
                            // The server refuses it too (users.server.ts); here it is said before anyone asks.
                            <span className="flex flex-col items-end gap-0.5">
                              <button
                                type="button"
                                disabled
                                aria-describedby={`hapus-sendiri-${user.id}`}
                                className="rounded-full bg-stone-200 px-3 py-1.5 text-xs font-semibold text-stone-500 disabled:cursor-not-allowed"
                              >
                                Hapus<span className="sr-only"> {user.nama}</span>
                              </button>
                              <span id={`hapus-sendiri-${user.id}`} className="text-xs text-stone-500">
                                Akun Anda sendiri tidak bisa dihapus.
                              </span>
                            </span>
                          ) : (
                            <Form
                              method="post"
                              onSubmit={(event) => {
                                event.preventDefault();
                                setTarget({ id: user.id, nama: user.nama });
                              }}
                            >
                              <input type="hidden" name="intent" value="delete" />
                              <input type="hidden" name="userId" value={user.id} />
                              <button
                                type="submit"
                                className="rounded-full bg-chili-600 px-3 py-1.5 text-xs font-semibold text-white hover:bg-chili-700"
                              >
                                Hapus<span className="sr-only"> {user.nama}</span>
                              </button>
                            </Form>
                          )}
                        </div>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : null}
          {result.page > 1 || result.hasNext ? (
            <nav
              aria-label="Halaman daftar pengguna"
              className="mt-4 flex items-center justify-between gap-2"
            >
              {result.page > 1 ? (
                <Link to={pageHref(query, result.page - 1)} className="btn-secondary" preventScrollReset>
                  Sebelumnya
                </Link>
              ) : (
                <span />
              )}
              <span className="text-sm text-stone-600">
                Halaman {formatNumber(result.page)}
                {result.pageCount ? ` dari ${formatNumber(result.pageCount)}` : ""}
              </span>
              {result.hasNext ? (
                <Link to={pageHref(query, result.page + 1)} className="btn-secondary" preventScrollReset>
                  Berikutnya
                </Link>
              ) : (
                <span />
              )}
            </nav>
          ) : null}
        </section>
      )}

      <ConfirmDialog
        open={target !== null && fetcher.state === "idle"}
        title="Yakin hapus pengguna ini?"
        message={
          <>
            <span className="block font-semibold text-charcoal">{target?.nama}</span>
            Tindakan ini tidak bisa dibatalkan!
          </>
        }
        confirmLabel="Ya, Hapus"
        cancelLabel="Batal"
        onCancel={() => setTarget(null)}
        onConfirm={() => {
          if (!target) return;
          void fetcher.submit({ intent: "delete", userId: target.id }, { method: "post" });
          setTarget(null);
        }}
      />
      <MessageDialog
        open={answerShown?.ok === true}
        tone="success"
        title={DELETE_SUCCESS}
        autoCloseMs={1500}
        onClose={() => setAnswerShown(null)}
      />
      <MessageDialog
        open={answerShown?.ok === false}
        tone="error"
        title={answerShown?.ok === false ? answerShown.title : DELETE_FAILURE_TITLE}
        message={answerShown?.ok === false ? answerShown.message : undefined}
        onClose={() => setAnswerShown(null)}
      />
    </>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "Pengguna");
