import { useState } from "react";
import { BODY_TOO_LARGE_MESSAGES, PHOTO_MAX_BYTES } from "~/lib/body-limit.ts";

// The file input hides behind an Indonesian button: the browser's control speaks the browser's language.
// A photo over the limit is refused when chosen; the server refuses it too (413) without JavaScript.
export function PhotoField({
  id,
  label,
  current,
  errors,
  required,
  name = "foto",
  accept = "image/jpeg,image/png,image/webp",
  hint,
}: {
  id: string;
  label: string;
  name?: string;
  accept?: string;
  hint?: string;
  current?: string;
  errors?: readonly string[];
  required?: boolean;
}) {
  const [chosen, setChosen] = useState<string | null>(null);
  const [tooLarge, setTooLarge] = useState(false);
  const error = tooLarge ? BODY_TOO_LARGE_MESSAGES.upload : errors?.[0];
  return (
    <div>
      <span id={`${id}-label`} className="field-label">
        {label}
      </span>
      <div className="flex items-center gap-3">
        {current ? (
          <img
            src={current}
            alt="Foto saat ini"
            width={80}
            height={60}
            className="h-15 w-20 shrink-0 rounded-xl object-cover"
          />
        ) : null}
        <label className="flex min-w-0 cursor-pointer items-center gap-3">
          <input
            id={id}
            name={name}
            type="file"
            accept={accept}
            required={required}
            aria-labelledby={`${id}-label`}
            aria-invalid={error ? true : undefined}
            aria-describedby={`${id}-chosen ${id}-hint`}
            className="peer sr-only"
            onChange={(event) => {
              const file = event.currentTarget.files?.[0];
              const over = file !== undefined && file.size > PHOTO_MAX_BYTES;
              event.currentTarget.setCustomValidity(over ? BODY_TOO_LARGE_MESSAGES.upload : "");
              setTooLarge(over);
              setChosen(file ? `${file.name} (${formatBytes(file.size)})` : null);
            }}
          />
          <span className="inline-flex min-h-10 shrink-0 items-center rounded-full bg-chili-50 px-4 text-sm font-bold text-chili-700 peer-focus-visible:ring-2 peer-focus-visible:ring-chili-600 peer-focus-visible:ring-offset-2 hover:bg-chili-100">
            {current ? "Ganti foto" : "Pilih foto"}
          </span>
          <span id={`${id}-chosen`} className="truncate text-sm text-stone-600">
            {chosen ?? (current ? "Foto tetap" : "Belum ada foto dipilih")}
          </span>
        </label>
      </div>
      <p
        id={`${id}-hint`}
        className={`mt-1 text-sm ${error ? "font-semibold text-chili-700" : "text-stone-500"}`}
      >
        {error ??
          hint ??
          `${required ? "Wajib diisi. " : ""}JPEG, PNG, atau WebP, paling besar 5 MB.${current ? " Kosongkan bila fotonya tetap." : ""}`}
      </p>
    </div>
  );
}

const formatBytes = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${(bytes / (1024 * 1024)).toLocaleString("id-ID", { maximumFractionDigits: 1 })} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;
