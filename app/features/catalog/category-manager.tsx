import { Form } from "react-router";
import type { FormAnswer } from "~/lib/form-answer.ts";
import { fieldProps, useEnhancedForm } from "~/lib/use-enhanced-form.ts";
import { TextField } from "~/ui/form-fields.tsx";
import { FormMessage } from "~/ui/form-message.tsx";
import type { AdminCategory } from "./categories.server.ts";
import { CategorySchema, nextCategoryPosition } from "./category-schema.ts";

// The categories under /admin/menu's list; plain POSTs (`kategori-baru`, `kategori-ubah`, `kategori-hapus`).
export function CategoryManager({
  categories,
  answer,
}: {
  categories: AdminCategory[];
  answer: FormAnswer | undefined;
}) {
  const next = nextCategoryPosition(categories);
  return (
    <section aria-labelledby="kategori-title" className="mt-8">
      <h2 id="kategori-title" className="text-lg font-extrabold">
        Kategori ({categories.length})
      </h2>
      <p className="text-sm text-stone-600">
        Halaman Produk mengelompokkan seluruh menu menurut kategori ini, sesuai urutannya.
      </p>
      <FormMessage answer={answer} intents={["kategori-hapus", "kategori-ubah"]} />
      <ul className="mt-3 flex flex-col gap-2">
        {categories.map((category) => (
          <li key={category.id} className="card px-4 py-2" data-testid="admin-category">
            <div className="flex flex-wrap items-center gap-2">
              <span className="font-bold">{category.nama}</span>
              <span className="text-sm text-stone-600">
                {category.items} menu · urutan {category.urutan}
              </span>
              <Form method="post" encType="multipart/form-data" className="ml-auto">
                <input type="hidden" name="id" value={category.id} />
                <button
                  type="submit"
                  name="intent"
                  value="kategori-hapus"
                  className="inline-flex min-h-10 items-center rounded-full px-3 text-sm font-bold text-chili-700 hover:bg-chili-50"
                >
                  Hapus<span className="sr-only"> kategori {category.nama}</span>
                </button>
              </Form>
            </div>
            <details className="mt-1">
              <summary className="inline-flex min-h-10 cursor-pointer items-center text-sm font-bold text-chili-700">
                Ubah nama atau urutan<span className="sr-only"> kategori {category.nama}</span>
              </summary>
              <Form
                method="post"
                encType="multipart/form-data"
                className="grid gap-3 pb-2 sm:grid-cols-[1fr_8rem_auto] sm:items-end"
                aria-label={`Ubah kategori ${category.nama}`}
              >
                <input type="hidden" name="id" value={category.id} />
                <label className="text-sm font-semibold text-stone-700">
                  Nama
                  <input
                    name="nama"
                    defaultValue={category.nama}
                    maxLength={40}
                    required
                    className="field-input mt-1"
                  />
                </label>
                <label className="text-sm font-semibold text-stone-700">
                  Urutan
                  <input
                    name="urutan"
                    type="number"
                    min={0}
                    max={99}
                    defaultValue={category.urutan}
                    className="field-input mt-1"
                  />
                </label>
                <button type="submit" name="intent" value="kategori-ubah" className="btn-secondary">
                  Simpan<span className="sr-only"> kategori {category.nama}</span>
                </button>
              </Form>
            </details>
          </li>
        ))}
      </ul>
      {/* Keyed by the next position: after an add the form starts again on the one after it. */}
      <NewCategoryForm key={next} next={next} answer={answer} />
    </section>
  );
}

function NewCategoryForm({ next, answer }: { next: number; answer: FormAnswer | undefined }) {
  const { form, fields } = useEnhancedForm({
    id: "kategori",
    intent: "kategori-baru",
    check: CategorySchema,
    defaultValue: { urutan: String(next) },
    encType: "multipart/form-data",
  });
  return (
    <form
      {...form.props}
      key={form.key}
      className="card mt-3 grid gap-4 p-5 sm:grid-cols-[1fr_10rem_auto] sm:items-start"
      aria-label="Tambah kategori"
    >
      <input type="hidden" name="intent" value="kategori-baru" />
      <TextField label="Kategori baru" {...fieldProps(fields.nama)} maxLength={40} required />
      <TextField label="Urutan" type="number" {...fieldProps(fields.urutan)} />
      <button type="submit" className="btn-secondary sm:mt-7">
        Tambah kategori
      </button>
      <div className="sm:col-span-3">
        <FormMessage answer={answer} intents={["kategori-baru"]} id={form.errorId} />
      </div>
    </form>
  );
}
