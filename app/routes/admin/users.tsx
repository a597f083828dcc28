import { useEffect, useRef, useState } from "react";
import { data, Form, useActionData, useFetcher, useNavigation, useSubmit } from "react-router";
import type { Route } from "./+types/users";
import { AdminPageHeader } from "~/features/admin/admin-shell.tsx";
import { AdminTable, Pager } from "~/ui/admin-table.tsx";
import { ConfirmDialog, MessageDialog } from "~/ui/dialog.tsx";
import { formatNumber, providerLabel, roleLabel, truncateName } from "~/features/admin/format.ts";
import { formatDate } from "~/lib/dates.ts";
import { useRootData } from "~/root.tsx";
import {
  changeUserRole,
  DELETE_USER_MESSAGES,
  deleteUser,
  listUsers,
} from "~/features/admin/users.server.ts";
import { normalizeUserQuery, parsePageNumber, USER_SEARCH_MAX } from "~/features/admin/users.ts";
import { ROLE_LABELS, ROLES } from "~/features/accounts/access.ts";
import { requireAccess } from "~/features/accounts/permissions.server.ts";
import { getDb } from "~/lib/db.server.ts";
import { adminMeta } from "~/lib/meta.ts";
import { answerOutcome, refuseForm, UNKNOWN_REQUEST } from "~/lib/form-action.server.ts";
import type { FormAnswer } from "~/lib/form-answer.ts";
import { readForm } from "~/lib/form.server.ts";
import { useKeptAnswer } from "~/lib/use-kept-answer.ts";

const USERS_LOAD_ERROR = "Daftar pengguna gagal dimuat. Silakan muat ulang halaman.";
const DELETE_SUCCESS = "Pengguna berhasil dihapus";
const DELETE_FAILURE_TITLE = "Gagal!";

export async function loader({ context, url }: Route.LoaderArgs) {
  const admin = requireAccess(context, "/admin/users");
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

const ROLE_SAVED = "Peran disimpan. Sesi orang itu berakhir; ia masuk lagi dengan peran barunya.";

export async function action({ request, context }: Route.ActionArgs) {
  requireAccess(context, "/admin/users");
  const form = await readForm(request);
  const asked = form.get("intent");
  if (asked === "peran") {
    const owner = requireAccess(context, "/admin/users", asked);
    const userId = form.get("userId");
    const result = await changeUserRole(
      await getDb(),
      owner,
      typeof userId === "string" ? userId : "",
      form.get("peran"),
    );
    return answerOutcome(form, result, { intent: asked, saved: ROLE_SAVED });
  }
  const intent = "delete";
  if (asked !== intent) return refuseForm(form, intent, UNKNOWN_REQUEST);
  const admin = requireAccess(context, "/admin/users", intent);
  const userId = form.get("userId");
  try {
    const result = await deleteUser(await getDb(), admin.id, typeof userId === "string" ? userId : "");
    return answerOutcome(form, result, { intent, saved: DELETE_SUCCESS });
  } catch (error) {
    console.error("Pengguna gagal dihapus:", error);
    return data<FormAnswer>(
      { status: "error", intent, message: DELETE_USER_MESSAGES.failed },
      { status: 500 },
    );
  }
}

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

type UserRow = NonNullable<Route.ComponentProps["loaderData"]["result"]>["users"][number];

export default function AdminUsers({ loaderData }: Route.ComponentProps) {
  const { adminId, result, error } = loaderData;
  const { timezone } = useRootData().store;
  const navigation = useNavigation();
  const searching = navigation.state === "loading" && navigation.location.pathname === "/admin/users";
  const onSearchInput = useDebouncedSearch();
  const fetcher = useFetcher<FormAnswer>();
  const documentAnswer = useKeptAnswer(useActionData<FormAnswer>());
  const [target, setTarget] = useState<{ id: string; nama: string } | null>(null);
  const [answerShown, setAnswerShown] = useState<FormAnswer | null>(null);
  const searchInput = useRef<HTMLInputElement>(null);

  // The fetcher's answer opens a message once; closing it clears it.
  const [lastData, setLastData] = useState(fetcher.data);
  if (fetcher.state === "idle" && fetcher.data !== lastData) {
    setLastData(fetcher.data);
    if (fetcher.data) setAnswerShown(fetcher.data);
  }

  const nameCell = (user: UserRow) => (
    <>
      <span title={user.nama} aria-hidden="true">
        {truncateName(user.nama)}
      </span>
      <span className="sr-only">{user.nama}</span>
      {user.id === adminId ? <span className="ml-1 text-xs text-stone-500">(Anda)</span> : null}
      <span className="block font-normal break-all text-stone-600 md:hidden">{user.email}</span>
    </>
  );
  const roleCell = (user: UserRow) =>
    user.id === adminId ? (
      <span className="rounded-full bg-chili-50 px-2 py-0.5 text-xs font-bold text-chili-700">
        {roleLabel(user.role)}
      </span>
    ) : (
      <Form method="post" className="flex items-center gap-1" data-testid="role-form">
        <input type="hidden" name="intent" value="peran" />
        <input type="hidden" name="userId" value={user.id} />
        <label htmlFor={`peran-${user.id}`} className="sr-only">
          Peran {user.nama}
        </label>
        <select
          id={`peran-${user.id}`}
          name="peran"
          defaultValue={user.role}
          className="rounded-lg border border-stone-300 px-2 py-1 text-xs"
        >
          {ROLES.map((role) => (
            <option key={role} value={role}>
              {ROLE_LABELS[role]}
            </option>
          ))}
        </select>
        <button type="submit" className="rounded-full border border-stone-300 px-2 py-1 text-xs font-semibold">
          Simpan<span className="sr-only"> peran {user.nama}</span>
        </button>
      </Form>
    );
  const actions = (user: UserRow) => (
    <div className="flex justify-end gap-2">
      {/* The edit button is there without behaviour. */}
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
  );

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
          role={documentAnswer.status === "success" ? "status" : "alert"}
          className={`mb-4 rounded-xl p-3 text-sm font-semibold ${
            documentAnswer.status === "success" ? "bg-green-50 text-green-800" : "bg-chili-50 text-chili-800"
          }`}
        >
          {documentAnswer.status === "success"
            ? documentAnswer.message
            : `${DELETE_FAILURE_TITLE} ${documentAnswer.message}`}
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
            <div className={searching ? "opacity-60" : ""}>
              <AdminTable
                caption="Daftar pengguna"
                columns={[
                  { header: "Nama", rowHeader: true, className: "font-semibold", cell: nameCell },
                  { header: "Email", from: "md", className: "break-all", cell: (user) => user.email },
                  { header: "Metode", from: "lg", cell: (user) => providerLabel(user.provider) },
                  { header: "Peran", from: "lg", cell: roleCell },
                  {
                    header: "Bergabung",
                    from: "md",
                    className: "whitespace-nowrap",
                    cell: (user) => formatDate(user.created_at, timezone),
                  },
                  { header: "Aksi", align: "right", cell: actions },
                ]}
                rows={result.users}
                rowKey={(user) => user.id}
                rowProps={(user) => ({ "data-user-email": user.email })}
              />
            </div>
          ) : null}
          <Pager
            label="Halaman daftar pengguna"
            page={result.page}
            pageCount={result.pageCount}
            hasNext={result.hasNext}
            href={(page) => pageHref(query, page)}
          />
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
        open={answerShown?.status === "success"}
        tone="success"
        title={DELETE_SUCCESS}
        autoCloseMs={1500}
        onClose={() => setAnswerShown(null)}
      />
      <MessageDialog
        open={answerShown?.status === "error"}
        tone="error"
        title={DELETE_FAILURE_TITLE}
        message={answerShown?.status === "error" ? answerShown.message : undefined}
        onClose={() => setAnswerShown(null)}
      />
    </>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "Pengguna");
