import type { ReactNode } from "react";
import { Link } from "react-router";
import type { z } from "zod";
import { useEnhancedForm, type FieldMeta } from "~/lib/use-enhanced-form.ts";
import { FormMessage } from "./form-message.tsx";

interface CrudFormFields<T extends z.ZodType<object>> {
  fields: { [Name in keyof z.input<T>]-?: FieldMeta };
  /** The form's id: the photo field's id starts with it. */
  formId: string;
  /** The messages for the photo (`foto`, not a field of the schema: the server reads the file). */
  photoErrors: string[] | undefined;
}

interface CrudFormProps<T extends z.ZodType<object>> {
  /** Names the form (`promo`): its id and its heading's. */
  id: string;
  schema: T;
  /** The id of the row being edited, or null for a new one. */
  editing: string | number | null;
  heading: string;
  /** The new row's button (`Tambah promo`); an edit saves with "Simpan perubahan". */
  submitLabel: string;
  /** The row's values (the loader's): the form starts from them. */
  defaultValue?: Record<string, unknown>;
  children(parts: CrudFormFields<T>): ReactNode;
}

/**
 * The add/edit form above a list page's rows (crud-list.tsx): "Tambah …" for a new row, or the
 * row named by `?ubah=` with "Simpan perubahan" and "Batal". A multipart POST, so it carries a
 * photo and works without JavaScript; the fields are the caller's (`children`).
 */
export function CrudForm<T extends z.ZodType<object>>(props: CrudFormProps<T>) {
  // Another row, or this row as the loader gives it after a save (normalised, or changed by
  // someone else), starts the form again from its values. The action's answer arrives before
  // the loader's new values, so resetting on the answer alone would show the old ones.
  return <RowForm key={`${props.editing}:${JSON.stringify(props.defaultValue)}`} {...props} />;
}

function RowForm<T extends z.ZodType<object>>({
  id,
  schema,
  editing,
  heading,
  submitLabel,
  defaultValue,
  children,
}: CrudFormProps<T>) {
  const intent = editing === null ? "create" : "update";
  const { form, fields, answer, pending } = useEnhancedForm({
    id,
    intent,
    check: schema,
    defaultValue,
    encType: "multipart/form-data",
  });
  return (
    <form
      {...form.props}
      onSubmit={(event) => {
        // A photo over the limit is refused when chosen (its field says why); sending it anyway
        // would upload megabytes only to hear the same from the server.
        const photo = event.currentTarget.elements.namedItem("foto");
        if (photo instanceof HTMLInputElement && photo.validity.customError) {
          event.preventDefault();
          photo.focus();
          return;
        }
        form.props.onSubmit(event);
      }}
      // A new row's form empties after its save, photo included.
      key={form.key}
      className="card grid gap-4 p-5 sm:grid-cols-2 sm:p-6"
      aria-labelledby={`${id}-form-title`}
    >
      <h2 id={`${id}-form-title`} className="text-lg font-extrabold sm:col-span-2">
        {heading}
      </h2>
      <input type="hidden" name="intent" value={intent} />
      {editing === null ? null : <input type="hidden" name="id" value={editing} />}
      {children({
        fields: fields as CrudFormFields<T>["fields"],
        formId: form.id,
        photoErrors: form.allErrors.foto ?? undefined,
      })}
      <div className="flex flex-wrap items-center gap-2 sm:col-span-2">
        <button type="submit" className="btn-primary" disabled={pending}>
          {pending ? "Menyimpan..." : editing === null ? submitLabel : "Simpan perubahan"}
        </button>
        {editing === null ? null : (
          <Link to="." className="btn-secondary">
            Batal
          </Link>
        )}
      </div>
      <div className="sm:col-span-2">
        <FormMessage answer={answer} intents={[intent]} id={form.errorId} />
      </div>
    </form>
  );
}
