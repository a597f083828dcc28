// Uncontrolled fields, so a form works as a plain POST before JavaScript runs; a message is tied by aria.
import { useId, useState, type InputHTMLAttributes, type ReactNode } from "react";

interface FieldParts {
  label: string;
  name: string;
  id?: string;
  errors?: readonly string[];
  hint?: string;
}

type InputProps = FieldParts & Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "name" | "className">;

function useFieldIds({ name, id, errors, hint }: Pick<FieldParts, "name" | "id" | "errors" | "hint">) {
  const generated = useId();
  const controlId = id ?? generated;
  const error = errors?.[0];
  const control = {
    id: controlId,
    name,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? `${controlId}-error` : hint ? `${controlId}-hint` : undefined,
  };
  return { controlId, error, control };
}

const controlClass = (error: string | undefined, extra = "") =>
  ["field-input", extra, error ? "border-chili-600" : ""].filter(Boolean).join(" ");

function FieldNote({ controlId, error, hint }: { controlId: string; error?: string; hint?: string }) {
  if (error) {
    return (
      <p id={`${controlId}-error`} className="mt-1 text-sm font-semibold text-chili-700">
        {error}
      </p>
    );
  }
  if (!hint) return null;
  return (
    <p id={`${controlId}-hint`} className="mt-1 text-sm text-stone-500">
      {hint}
    </p>
  );
}

function FieldFrame({
  label,
  controlId,
  error,
  hint,
  children,
}: {
  label: string;
  controlId: string;
  error?: string;
  hint?: string;
  children: ReactNode;
}) {
  return (
    <div>
      <label htmlFor={controlId} className="field-label">
        {label}
      </label>
      {children}
      <FieldNote controlId={controlId} error={error} hint={hint} />
    </div>
  );
}

export function TextField({ label, name, id, errors, hint, ...input }: InputProps) {
  const { controlId, error, control } = useFieldIds({ name, id, errors, hint });
  return (
    <FieldFrame label={label} controlId={controlId} error={error} hint={hint}>
      <input {...control} className={controlClass(error)} {...input} />
    </FieldFrame>
  );
}

export function PasswordField({ label, name, id, errors, hint, ...input }: InputProps) {
  const { controlId, error, control } = useFieldIds({ name, id, errors, hint });
  const [visible, setVisible] = useState(false);
  return (
    <FieldFrame label={label} controlId={controlId} error={error} hint={hint}>
      <div className="relative">
        <input
          {...control}
          type={visible ? "text" : "password"}
          className={controlClass(error, "pr-12")}
          {...input}
        />
        <button
          type="button"
          onClick={() => setVisible(!visible)}
          aria-label={visible ? `Sembunyikan ${label.toLowerCase()}` : `Tampilkan ${label.toLowerCase()}`}
          aria-pressed={visible}
          className="absolute inset-y-0 right-1 my-auto inline-flex size-10 items-center justify-center rounded-lg text-stone-500 hover:text-chili-700"
        >
          {visible ? <EyeOffIcon className="size-5" /> : <EyeIcon className="size-5" />}
        </button>
      </div>
    </FieldFrame>
  );
}

export function TextArea({
  label,
  name,
  id,
  errors,
  hint,
  rows = 3,
  ...textarea
}: FieldParts &
  Omit<React.TextareaHTMLAttributes<HTMLTextAreaElement>, "id" | "name" | "className" | "children">) {
  const { controlId, error, control } = useFieldIds({ name, id, errors, hint });
  return (
    <FieldFrame label={label} controlId={controlId} error={error} hint={hint}>
      <textarea {...control} rows={rows} className={controlClass(error)} {...textarea} />
    </FieldFrame>
  );
}

export function SelectField({
  label,
  name,
  id,
  errors,
  hint,
  children,
  ...select
}: FieldParts &
  Omit<React.SelectHTMLAttributes<HTMLSelectElement>, "id" | "name" | "className"> & {
    children: ReactNode;
  }) {
  const { controlId, error, control } = useFieldIds({ name, id, errors, hint });
  return (
    <FieldFrame label={label} controlId={controlId} error={error} hint={hint}>
      <select {...control} className={controlClass(error)} {...select}>
        {children}
      </select>
    </FieldFrame>
  );
}

export function Checkbox({
  label,
  ...input
}: { label: string; name: string } & Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "className">) {
  return (
    <label className="inline-flex min-h-11 cursor-pointer items-center gap-2 font-semibold">
      <input type="checkbox" className="size-5 accent-chili-600" {...input} />
      {label}
    </label>
  );
}

type IconProps = React.SVGProps<SVGSVGElement>;

function EyeIcon(props: IconProps) {
  return (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} aria-hidden="true" {...props}>
      <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Z" strokeLinejoin="round" />
      <circle cx="12" cy="12" r="3" />
    </svg>
  );
}

function EyeOffIcon(props: IconProps) {
  return (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} aria-hidden="true" {...props}>
      <path
        d="M3 3l18 18M10.6 5.1A10.8 10.8 0 0 1 12 5c6.4 0 10 7 10 7a17 17 0 0 1-3.2 4M6.6 6.6A17.6 17.6 0 0 0 2 12s3.6 7 10 7a10 10 0 0 0 5.4-1.6M9.9 9.9a3 3 0 0 0 4.2 4.2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
