/**
 * One form of a page on the one form pattern (docs/decisions/0029-one-form-pattern.md): a plain
 * POST without JavaScript; with it, checked in the page by the action's own schema, loaded with
 * the checker at the first touch of the form (so no page pays for it up front), then sent through
 * React Router, or through a fetcher with `mode=fetch` when the page reads the answer as data.
 */
import { useRef, useState, type FormEvent } from "react";
import { useActionData, useFetcher, useNavigation, useSubmit } from "react-router";
import type { $ZodType, input } from "zod/v4/core";
import { FETCH_MODE, type FieldErrors, type FormAnswer } from "./form-answer.ts";
import type { validateForm } from "./form-check.ts";

/** A form's schema, or a loader of it for a page whose first load has no room for it. */
export type FormCheck<S extends $ZodType = $ZodType> = S | (() => Promise<S>);

/** A field as the page renders it; Conform's names, so its replies read as they are. */
export interface FieldMeta {
  id: string;
  name: string;
  errorId: string;
  errors?: string[];
  /** What the field starts from: the value sent back with a refusal, else the default. */
  initialValue?: unknown;
}

type Checker = { validate: typeof validateForm; schema: $ZodType };
const ready = new Map<FormCheck, Checker>();
const pending = new Map<FormCheck, Promise<Checker>>();

function prepare(check: FormCheck): Promise<Checker> {
  let loading = pending.get(check);
  if (!loading) {
    loading = Promise.all([import("./form-check.ts"), typeof check === "function" ? check() : check]).then(
      ([{ validateForm }, schema]) => {
        const checker = { validate: validateForm, schema };
        ready.set(check, checker);
        return checker;
      },
    );
    loading.catch(() => pending.delete(check));
    pending.set(check, loading);
  }
  return loading;
}

/** A default value as a form field holds it (Conform's way: a ticked box is "on"). */
function serialize(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(serialize);
  if (typeof value === "boolean") return value ? "on" : undefined;
  if (typeof value === "number" || typeof value === "bigint") return String(value);
  if (value instanceof Date) return value.toISOString();
  return value ?? undefined;
}

/** The schema's fields by name; others (`buka_3`) by index, as they may not be there. */
type Fields<S extends $ZodType> = { [Name in keyof input<S> & string]-?: FieldMeta } & {
  [name: string]: FieldMeta | undefined;
};

interface Options<S extends $ZodType> {
  /** The form's id; its fields' ids start with it. */
  id: string;
  /** Which of the page's forms this is (sent as the field `intent`); its answers carry it. */
  intent?: string;
  check?: FormCheck<S>;
  defaultValue?: Record<string, unknown>;
  /** Through a fetcher: the page stays, reads the answer as data and moves on by itself. */
  fetch?: boolean;
  /** Another route's action (`/keluar`); the page's own by default. */
  action?: string;
  encType?: "multipart/form-data";
  /** Told the messages of a check in the page that kept the form from being sent. */
  onInvalid?(errors: FieldErrors): void;
}

export function useEnhancedForm<Done extends object = object, S extends $ZodType = $ZodType>(
  options: Options<S>,
) {
  const { id, intent, check, defaultValue = {}, fetch = false, action, encType, onInvalid } = options;
  const fetcher = useFetcher<FormAnswer<Done>>();
  const submit = useSubmit();
  const navigation = useNavigation();
  const routeAnswer = useActionData() as FormAnswer<Done> | undefined;
  // A form posting to another route's action is not answered by this page's.
  const pageAnswer = action ? undefined : routeAnswer;
  const mine = (answer: FormAnswer<Done> | undefined) =>
    answer && (intent === undefined || answer.intent === intent) ? answer : undefined;
  const fetched = fetch ? mine(fetcher.data) : undefined;
  const answer = fetched ?? mine(pageAnswer);

  // The page's own check, until an answer newer than it arrives.
  const [checked, setChecked] = useState<{ errors: FieldErrors; after: unknown } | null>(null);
  // A saved form starts again (empty, or from the loader's new values): its key changes.
  const [shown, setShown] = useState(answer);
  const [resets, setResets] = useState(0);
  if (answer !== shown) {
    setShown(answer);
    if (answer?.status === "success") setResets(resets + 1);
  }
  const formRef = useRef<HTMLFormElement | null>(null);

  const serverErrors = answer?.status === "error" ? (answer.result?.error ?? {}) : {};
  const errors: FieldErrors = checked && checked.after === answer ? checked.errors : serverErrors;
  const sentBack = answer?.status === "error" ? answer.result?.initialValue : undefined;
  const fieldsCache = new Map<string, FieldMeta>();
  const field = (name: string): FieldMeta => {
    const known = fieldsCache.get(name);
    if (known) return known;
    const messages = errors[name] ?? undefined;
    const meta = {
      id: `${id}-${name}`,
      name,
      errorId: `${id}-${name}-error`,
      errors: messages?.length ? messages : undefined,
      initialValue: sentBack ? sentBack[name] : serialize(defaultValue[name]),
    };
    fieldsCache.set(name, meta);
    return meta;
  };
  const fields = new Proxy({} as Fields<S>, {
    get: (_target, name) => (typeof name === "string" ? field(name) : undefined),
  });

  const send = (formData: FormData) => {
    const target = { method: "post", action, encType } as const;
    if (!fetch) return void submit(formData, target);
    formData.set(FETCH_MODE.name, FETCH_MODE.value);
    void fetcher.submit(formData, target);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    const formData = new FormData(form, submitter);
    if (!check) return send(formData);
    const checker = ready.get(check);
    // Not loaded yet: sent again once it is; should it fail to load, the server checks alone.
    if (!checker)
      return void prepare(check).then(
        () => form.requestSubmit(submitter),
        () => send(formData),
      );
    const submission = checker.validate(formData, checker.schema);
    const found = (submission.status === "error" ? submission.error : null) ?? {};
    setChecked({ errors: found, after: answer });
    if (submission.status === "success") return send(formData);
    onInvalid?.(found);
    const first = Object.keys(found).find((name) => name && found[name]?.length);
    const control = first ? form.elements.namedItem(first) : null;
    if (control instanceof HTMLElement) control.focus();
  };

  const onInput = () => {
    const checker = check && ready.get(check);
    if (!checker || !checked || !formRef.current) return;
    const submission = checker.validate(new FormData(formRef.current), checker.schema);
    setChecked({ errors: (submission.status === "error" ? submission.error : null) ?? {}, after: answer });
  };

  const preload = () => {
    if (check) prepare(check).catch(() => undefined);
  };

  const formErrors = errors[""] ?? undefined;
  const busy = fetch
    ? fetcher.state !== "idle"
    : navigation.state === "submitting" &&
      (intent === undefined || navigation.formData?.get("intent") === intent);
  return {
    form: {
      id,
      errorId: `${id}-error`,
      errors: formErrors?.length ? formErrors : undefined,
      allErrors: errors,
      /** Put on the form as its `key`: it changes when a save should start the form again. */
      key: `${id}-${resets}`,
      props: {
        id,
        ref: formRef,
        method: "post",
        action,
        encType,
        // The schema's Indonesian messages beside each field, never the browser's own bubble.
        noValidate: true,
        onSubmit,
        onInput,
        onFocus: preload,
        onPointerDown: preload,
        "aria-describedby": formErrors?.length ? `${id}-error` : undefined,
      },
    },
    fields,
    answer,
    /** Whether the answer came with the page (a POST without JavaScript) rather than to a fetcher. */
    answeredInPage: answer !== undefined && answer !== fetched,
    pending: busy,
  };
}

/** A text field's props from its metadata: its id, name, messages and the value to start from. */
export const fieldProps = (field: FieldMeta) => ({
  id: field.id,
  name: field.name,
  errors: field.errors,
  defaultValue: typeof field.initialValue === "string" ? field.initialValue : undefined,
});

/** A checkbox's props from its metadata (a ticked box posts "on"). */
export const checkboxProps = (field: FieldMeta) => ({
  id: field.id,
  name: field.name,
  defaultChecked: field.initialValue === "on",
});
