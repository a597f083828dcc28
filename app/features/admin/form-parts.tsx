/**
 * Shared pieces of the restaurant-operations admin pages (#5): the answer an action gives, how
 * it is shown, and small form controls. Not a route (app/routes.ts lists the pages).
 */
import { useState } from "react";
import { data } from "react-router";
import type { WriteResult } from "~/lib/write-result.ts";

/** What every action of these pages answers. */
export interface OpsAnswer {
  ok: boolean;
  message: string;
  fieldErrors: Record<string, string>;
  /** Which form answered (create, update, delete, …), so only that form shows the errors. */
  intent: string;
  /** Changes on every answer: a successful create resets its form. */
  at: number;
}

export function answer(intent: string, result: WriteResult<unknown>, success: string) {
  if (result.ok)
    return data<OpsAnswer>({ ok: true, message: success, fieldErrors: {}, intent, at: Date.now() });
  return data<OpsAnswer>(
    { ok: false, message: result.message, fieldErrors: result.fieldErrors, intent, at: Date.now() },
    { status: result.status },
  );
}

export function refuse(intent: string, message: string, status: 400 | 404 | 409 = 400) {
  return data<OpsAnswer>({ ok: false, message, fieldErrors: {}, intent, at: Date.now() }, { status });
}

/** Form fields as strings (files left out), for the validation schemas. */
export const textValues = (form: FormData) =>
  Object.fromEntries([...form.entries()].filter(([, value]) => typeof value === "string"));

/** The success or error line under a form. */
export function ActionMessage({ answer: result, intent }: { answer: OpsAnswer | undefined; intent: string }) {
  if (!result || result.intent !== intent) return null;
  return result.ok ? (
    <p role="status" className="mt-3 rounded-xl bg-green-50 px-4 py-2 text-sm font-semibold text-green-800">
      {result.message}
    </p>
  ) : (
    <p role="alert" className="mt-3 rounded-xl bg-chili-50 px-4 py-2 text-sm font-semibold text-chili-700">
      {result.message}
    </p>
  );
}

/** A labelled input with its error from the last answer. */
export function TextField({
  name,
  label,
  defaultValue,
  error,
  type = "text",
  maxLength,
  required,
  hint,
  inputMode,
}: {
  name: string;
  label: string;
  defaultValue?: string | number;
  error?: string;
  type?: "text" | "url" | "date" | "time" | "tel" | "number";
  maxLength?: number;
  required?: boolean;
  hint?: string;
  inputMode?: "numeric" | "tel" | "url";
}) {
  const id = `f-${name}`;
  return (
    <div>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <input
        id={id}
        name={name}
        type={type}
        defaultValue={defaultValue}
        maxLength={maxLength}
        required={required}
        inputMode={inputMode}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : hint ? `${id}-hint` : undefined}
        className={`field-input ${error ? "border-chili-600" : ""}`}
      />
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm font-semibold text-chili-700">
          {error}
        </p>
      ) : hint ? (
        <p id={`${id}-hint`} className="mt-1 text-sm text-stone-500">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

export function TextArea({
  name,
  label,
  defaultValue,
  error,
  maxLength,
}: {
  name: string;
  label: string;
  defaultValue?: string;
  error?: string;
  maxLength: number;
}) {
  const id = `f-${name}`;
  return (
    <div>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <textarea
        id={id}
        name={name}
        rows={3}
        defaultValue={defaultValue}
        maxLength={maxLength}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={`field-input ${error ? "border-chili-600" : ""}`}
      />
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm font-semibold text-chili-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function Checkbox({
  name,
  label,
  defaultChecked,
}: {
  name: string;
  label: string;
  defaultChecked?: boolean;
}) {
  return (
    <label className="inline-flex min-h-11 cursor-pointer items-center gap-2 font-semibold">
      <input
        type="checkbox"
        name={name}
        defaultChecked={defaultChecked}
        className="size-5 accent-chili-600"
      />
      {label}
    </label>
  );
}

/**
 * The photo input: JPEG, PNG or WebP up to 5 MB; the current photo shown beside it. The file
 * input itself is visually hidden behind an Indonesian button ("Pilih foto") and the chosen
 * file's name, since the browser's own control speaks the browser's language.
 */
export function PhotoField({
  label,
  current,
  error,
  required,
}: {
  label: string;
  current?: string;
  error?: string;
  required?: boolean;
}) {
  const [chosen, setChosen] = useState<string | null>(null);
  return (
    <div>
      <span id="f-foto-label" className="field-label">
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
            id="f-foto"
            name="foto"
            type="file"
            accept="image/jpeg,image/png,image/webp"
            required={required}
            aria-labelledby="f-foto-label"
            aria-invalid={error ? true : undefined}
            aria-describedby="f-foto-chosen f-foto-hint"
            className="peer sr-only"
            onChange={(event) => {
              const file = event.currentTarget.files?.[0];
              setChosen(file ? `${file.name} (${formatBytes(file.size)})` : null);
            }}
          />
          <span className="inline-flex min-h-10 shrink-0 items-center rounded-full bg-chili-50 px-4 text-sm font-bold text-chili-700 peer-focus-visible:ring-2 peer-focus-visible:ring-chili-600 peer-focus-visible:ring-offset-2 hover:bg-chili-100">
            {current ? "Ganti foto" : "Pilih foto"}
          </span>
          <span id="f-foto-chosen" className="truncate text-sm text-stone-600">
            {chosen ?? (current ? "Foto tetap" : "Belum ada foto dipilih")}
          </span>
        </label>
      </div>
      <p
        id="f-foto-hint"
        className={`mt-1 text-sm ${error ? "font-semibold text-chili-700" : "text-stone-500"}`}
      >
        {error ??
          `JPEG, PNG, atau WebP, paling besar 5 MB.${current ? " Kosongkan bila fotonya tetap." : ""}`}
      </p>
    </div>
  );
}

const formatBytes = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${(bytes / (1024 * 1024)).toLocaleString("id-ID", { maximumFractionDigits: 1 })} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;

/** The errors of the last answer, for the form it belongs to. */
export const errorsFor = (result: OpsAnswer | undefined, intent: string) =>
  result && !result.ok && result.intent === intent ? result.fieldErrors : {};
