// The one form pattern (0029): a plain POST without JavaScript; with it, first checked by its schema.
import { useState, type FormEvent } from "react";
import { useActionData, useFetcher, useNavigation, useSubmit } from "react-router";
import type { $ZodType, input } from "zod/v4/core";
import { FETCH_MODE, type FormAnswer } from "./form-answer.ts";
import { useKeptAnswer } from "./use-kept-answer.ts";
import { firstMessage, type FieldErrors } from "./form-errors.ts";

export type FormCheck<S extends $ZodType = $ZodType> = S | (() => Promise<S>);

export interface FieldMeta {
  id: string;
  name: string;
  errorId: string;
  errors?: string[];
  initialValue?: unknown;
}

type Fields<S extends $ZodType> = { [Name in keyof input<S> & string]-?: FieldMeta } & {
  [name: string]: FieldMeta | undefined;
};

type Checker = (form: HTMLFormElement, submitter?: HTMLElement | null) => FieldErrors;

const checkers = new Map<FormCheck, Promise<Checker>>();

function checkerOf(check: FormCheck): Promise<Checker> {
  let loading = checkers.get(check);
  if (!loading) {
    loading = Promise.all([import("./form-check.ts"), typeof check === "function" ? check() : check]).then(
      ([{ validateForm }, schema]) =>
        (form, submitter) => {
          const submission = validateForm(new FormData(form, submitter), schema);
          return (submission.status === "error" ? submission.error : null) ?? {};
        },
    );
    // Should it fail to load, the next try loads it again; meanwhile the server checks alone.
    loading.catch(() => checkers.delete(check));
    checkers.set(check, loading);
  }
  return loading;
}

function serialize(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(serialize);
  if (typeof value === "boolean") return value ? "on" : undefined;
  if (typeof value === "number") return String(value);
  return value ?? undefined;
}

const hasErrors = (errors: FieldErrors) => Object.values(errors).some((messages) => messages?.length);

interface Options<S extends $ZodType> {
  id: string;
  intent?: string;
  check?: FormCheck<S>;
  defaultValue?: Record<string, unknown>;
  fetch?: boolean;
  action?: string;
  encType?: "multipart/form-data";
  onInvalid?(message: string | undefined): void;
}

export function useEnhancedForm<Done extends object = object, S extends $ZodType = $ZodType>(
  options: Options<S>,
) {
  const { id, intent, check, defaultValue = {}, fetch = false, action, encType, onInvalid } = options;
  const fetcher = useFetcher<FormAnswer<Done>>();
  const submit = useSubmit();
  const navigation = useNavigation();
  const routeAnswer = useKeptAnswer(useActionData() as FormAnswer<Done> | undefined);
  const mine = (answer: FormAnswer<Done> | undefined) =>
    answer && (intent === undefined || answer.intent === intent) ? answer : undefined;
  const fetched = fetch ? mine(fetcher.data) : undefined;
  const answer = fetched ?? (action ? undefined : mine(routeAnswer));

  const [checked, setChecked] = useState<{ errors: FieldErrors; after: unknown } | null>(null);
  // A saved form starts again (empty, or from the loader's new values): its key changes.
  const [shown, setShown] = useState(answer);
  const [resets, setResets] = useState(0);
  if (answer !== shown) {
    setShown(answer);
    if (answer?.status === "success") setResets(resets + 1);
  }

  const refusal = answer?.status === "error" ? answer.result : undefined;
  const errors: FieldErrors = checked && checked.after === answer ? checked.errors : (refusal?.error ?? {});
  const field = (name: string): FieldMeta => {
    const messages = errors[name];
    return {
      id: `${id}-${name}`,
      name,
      errorId: `${id}-${name}-error`,
      errors: messages?.length ? messages : undefined,
      initialValue: refusal?.initialValue ? refusal.initialValue[name] : serialize(defaultValue[name]),
    };
  };

  const send = (formData: FormData) => {
    const target = { method: "post", action, encType } as const;
    if (!fetch) return void submit(formData, target);
    formData.set(FETCH_MODE.name, FETCH_MODE.value);
    void fetcher.submit(formData, target);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    const formData = new FormData(form, submitter);
    if (!check) return send(formData);
    checkerOf(check).then(
      (checker) => {
        const found = checker(form, submitter);
        setChecked({ errors: found, after: answer });
        if (!hasErrors(found)) return send(formData);
        onInvalid?.(firstMessage(found));
        const first = Object.keys(found).find((name) => name && found[name]?.length);
        const control = first ? form.elements.namedItem(first) : null;
        if (control instanceof HTMLElement) control.focus();
      },
      () => send(formData),
    );
  };

  const onInput = (event: FormEvent<HTMLFormElement>) => {
    const form = event.currentTarget;
    if (check && checked)
      void checkerOf(check).then((checker) => setChecked({ errors: checker(form), after: answer }));
  };

  const preload = () => {
    if (check) checkerOf(check).catch(() => undefined);
  };

  const formErrors = errors[""]?.length ? errors[""] : undefined;
  return {
    form: {
      id,
      errorId: `${id}-error`,
      errors: formErrors,
      allErrors: errors,
      key: `${id}-${resets}`,
      props: {
        id,
        method: "post",
        action,
        encType,
        // The schema's Indonesian messages beside each field, never the browser's own bubble.
        noValidate: true,
        onSubmit,
        onInput,
        onFocus: preload,
        onPointerDown: preload,
        "aria-describedby": formErrors ? `${id}-error` : undefined,
      },
    },
    fields: new Proxy({} as Fields<S>, {
      get: (_target, name) => (typeof name === "string" ? field(name) : undefined),
    }),
    answer,
    answeredInPage: answer !== undefined && answer !== fetched,
    pending: fetch
      ? fetcher.state !== "idle"
      : navigation.state === "submitting" &&
        (intent === undefined || navigation.formData?.get("intent") === intent),
  };
}

export const fieldProps = (field: FieldMeta) => ({
  id: field.id,
  name: field.name,
  errors: field.errors,
  defaultValue: typeof field.initialValue === "string" ? field.initialValue : undefined,
});

export const checkboxProps = (field: FieldMeta) => ({
  id: field.id,
  name: field.name,
  defaultChecked: field.initialValue === "on",
});
