import { useState, type ReactNode } from "react";
import { Form, Link, useSearchParams, useSubmit } from "react-router";
import type { FormAnswer } from "~/lib/form-answer.ts";
import { ConfirmDialog } from "./dialog.tsx";
import { AdminTable } from "./admin-table.tsx";
import { FormMessage } from "./form-message.tsx";

interface CrudRow {
  key: string | number;
  title: string;
  image: string;
  dimmed: boolean;
}

// An admin list page; "Hapus" asks in a dialog, or without JavaScript on `?hapus=<key>` atop the page.
export function CrudList<Row extends CrudRow>({
  form,
  id,
  heading,
  testId,
  rows,
  picture,
  badges,
  details,
  buttons,
  question,
  answer,
  listIntents = ["delete"],
}: {
  form: ReactNode;
  id: string;
  heading: string;
  testId: string;
  rows: Row[];
  picture: { width: number; height: number; className: string };
  badges?(row: Row): ReactNode;
  details(row: Row): ReactNode;
  buttons?(row: Row): ReactNode;
  question: { title: string; message(row: Row): ReactNode };
  answer: FormAnswer | undefined;
  listIntents?: readonly string[];
}) {
  const submit = useSubmit();
  const [searchParams] = useSearchParams();
  const [deleting, setDeleting] = useState<Row | null>(null);
  const asked = rows.find((row) => String(row.key) === searchParams.get("hapus"));
  const rowButtons = (row: Row) => (
    <span className="flex flex-wrap justify-end gap-2">
      {buttons?.(row)}
      <Link to={`?ubah=${encodeURIComponent(row.key)}`} className="btn-secondary min-h-10 px-3 py-1 text-sm">
        Ubah<span className="sr-only"> {row.title}</span>
      </Link>
      <form
        method="get"
        onSubmit={(event) => {
          event.preventDefault();
          setDeleting(row);
        }}
      >
        <input type="hidden" name="hapus" value={row.key} />
        <button
          type="submit"
          className="inline-flex min-h-10 items-center rounded-full px-3 text-sm font-bold text-chili-700 hover:bg-chili-50"
        >
          Hapus<span className="sr-only"> {row.title}</span>
        </button>
      </form>
    </span>
  );
  return (
    <>
      {asked ? <DeleteQuestion row={asked} title={question.title} message={question.message(asked)} /> : null}
      {form}
      <section aria-labelledby={id} className="mt-8">
        <h2 id={id} className="text-lg font-extrabold">
          {heading} ({rows.length})
        </h2>
        <FormMessage answer={answer} intents={listIntents} />
        <div className="mt-3">
          <AdminTable
            caption={heading}
            columns={[
              {
                header: "Foto",
                // On a phone the name and the buttons need the width.
                from: "sm",
                className: "w-0",
                cell: (row) =>
                  row.image ? (
                    <img
                      src={row.image}
                      alt=""
                      width={picture.width}
                      height={picture.height}
                      className={`${picture.className} max-w-none rounded-xl object-cover ${row.dimmed ? "opacity-60 grayscale" : ""}`}
                    />
                  ) : (
                    <span className={`${picture.className} block rounded-xl bg-stone-100`} />
                  ),
              },
              {
                header: "Nama",
                rowHeader: true,
                cell: (row) => (
                  <>
                    <span className="flex flex-wrap items-center gap-1.5">
                      <span className="font-extrabold">{row.title}</span>
                      {badges?.(row)}
                    </span>
                    <span className="mt-1 block font-normal text-stone-600 sm:hidden">{details(row)}</span>
                  </>
                ),
              },
              { header: "Keterangan", from: "sm", className: "text-stone-600", cell: details },
              { header: "Aksi", align: "right", cell: rowButtons },
            ]}
            rows={rows}
            rowKey={(row) => row.key}
            rowProps={() => ({ "data-testid": testId })}
          />
        </div>
      </section>
      <ConfirmDialog
        open={deleting !== null}
        title={question.title}
        message={deleting ? question.message(deleting) : undefined}
        confirmLabel="Ya, Hapus"
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          const values = new FormData();
          values.set("intent", "delete");
          values.set("id", String(deleting.key));
          void submit(values, { method: "post", encType: "multipart/form-data" });
          setDeleting(null);
        }}
      />
    </>
  );
}

function DeleteQuestion({ row, title, message }: { row: CrudRow; title: string; message: ReactNode }) {
  return (
    <section aria-labelledby="hapus-title" className="card mb-6 border-2 border-chili-100 p-5 sm:p-6">
      <h2 id="hapus-title" className="text-lg font-extrabold">
        {title}
      </h2>
      <div className="mt-1 text-stone-600">{message}</div>
      <Form method="post" encType="multipart/form-data" className="mt-4 flex flex-wrap gap-2">
        <input type="hidden" name="intent" value="delete" />
        <input type="hidden" name="id" value={row.key} />
        <button type="submit" className="btn-primary">
          Ya, Hapus
        </button>
        <Link to="." className="btn-secondary">
          Batal
        </Link>
      </Form>
    </section>
  );
}
