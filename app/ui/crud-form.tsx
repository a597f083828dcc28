import type { ReactNode } from "react";
import { Link } from "react-router";
import type { z } from "zod";
import { useEnhancedForm, type FieldMeta } from "~/lib/use-enhanced-form.ts";
import { FormMessage } from "./form-message.tsx";
import { PhotoField } from "./photo-field.tsx";

interface CrudFormFields<T extends z.ZodType<object>> {
  fields: { [Name in keyof z.input<T>]-?: FieldMeta };
  photo(
    label: string,
    current: string | undefined,
    options?: { hint?: string; optional?: boolean },
  ): ReactNode;
}

interface CrudFormProps<T extends z.ZodType<object>> {
  id: string;
  schema: T;
  editing: string | number | null;
  heading: string;
  submitLabel: string;
  defaultValue?: Record<string, unknown>;
  children(parts: CrudFormFields<T>): ReactNode;
}

// The add/edit form above a list page's rows; multipart, so it carries a photo and works without JavaScript.
export function CrudForm<T extends z.ZodType<object>>(props: CrudFormProps<T>) {
  // Keyed by the row's values too: the action's answer arrives before the loader's new values, so a reset
  // on the answer alone would show the old ones.
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
        // A photo over the limit is refused when chosen, not after uploading megabytes.
        const photo = event.currentTarget.elements.namedItem("foto");
        if (photo instanceof HTMLInputElement && photo.validity.customError) {
          event.preventDefault();
          photo.focus();
          return;
        }
        form.props.onSubmit(event);
      }}
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
        photo: (label, current, options) => (
          <PhotoField
            id={`${form.id}-foto`}
            label={label}
            current={current}
            errors={form.allErrors.foto ?? undefined}
            hint={options?.hint}
            required={editing === null && !options?.optional}
          />
        ),
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
