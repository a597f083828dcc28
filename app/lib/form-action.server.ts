/**
 * The one way an action answers a form (docs/decisions/0029-one-form-pattern.md): checked with the
 * page's own schema and refused with Conform's reply, then the write's outcome with its status; a
 * plain POST that succeeded is redirected.
 */
import type { SubmissionResult } from "@conform-to/dom";
import { data, redirect } from "react-router";
import type { $ZodType, output } from "zod/v4/core";
import { FETCH_MODE, type FormAnswer } from "./form-answer.ts";
import { firstMessage } from "./form-errors.ts";
import { FALLBACK_MESSAGE, validateForm } from "./form-check.ts";
import { boundedReply } from "./form.server.ts";
import type { Refusal } from "./write-result.ts";

/** A request naming no form the page has (a stale page, or a hand-made request). */
export const UNKNOWN_REQUEST = "Permintaan tidak dikenal.";

/** Whether the page's JavaScript sent the form and reads the answer as data. */
export const viaFetch = (form: FormData) => form.get(FETCH_MODE.name) === FETCH_MODE.value;

/** A write's refusal: its status, its message, and each field's message (a domain's Refusal). */
type Refused = Omit<Refusal, "fieldErrors"> & { fieldErrors?: Refusal["fieldErrors"]; headers?: HeadersInit };

/** What a write tells the answer: done (a domain's WriteResult is one), or refused. */
export type Outcome<Done extends object = object> =
  | {
      ok: true;
      /** 201 where the write made what the answer names (an order). */
      status?: 201;
      /** What a fetcher needs besides the message (the login's target and cart count). */
      done?: Done;
      message?: string;
      headers?: HeadersInit;
      /** Where a plain POST goes next; a fetcher gets the answer instead. */
      redirectTo?: string;
      /** 303 where the page sent to may itself take a POST again (the cart). */
      redirectStatus?: 302 | 303;
    }
  | Refused;

interface FormOptions {
  /** Which of the page's forms this is; the answer carries it. */
  intent?: string;
  /** The success message when the outcome has none. */
  saved?: string;
}

/** An outcome as the answer: data for a fetcher or a page rendered again, else a redirect. */
export function answerOutcome<Done extends object>(
  form: FormData,
  outcome: Outcome<Done>,
  { intent, saved }: FormOptions = {},
  reply?: (refusal: Refused) => SubmissionResult<string[]>,
) {
  const tag = intent === undefined ? {} : { intent };
  if (!outcome.ok) {
    const result = reply?.(outcome);
    const answer: FormAnswer = {
      status: "error",
      ...tag,
      message: outcome.message,
      ...(result ? { result } : {}),
    };
    return data(answer, { status: outcome.status, headers: outcome.headers });
  }
  const message = outcome.message ?? saved;
  const answer = {
    status: "success",
    ...tag,
    ...(message ? { message } : {}),
    ...outcome.done,
  } as FormAnswer<Done>;
  if (outcome.redirectTo && !viaFetch(form)) {
    throw redirect(outcome.redirectTo, { status: outcome.redirectStatus, headers: outcome.headers });
  }
  return data(answer, { status: outcome.status, headers: outcome.headers });
}

/** A refusal that has no form to reply to (an unknown request, a row that is gone). */
export const refuseForm = (
  form: FormData,
  intent: string,
  message: string,
  status: Refusal["status"] = 400,
) => answerOutcome(form, { ok: false, status, message }, { intent });

/** The names a schema reads: Conform reads any other name as a path (`a[99999999]`), so none pass. */
function namesOf(schema: $ZodType): string[] {
  const def = schema._zod.def as { shape?: object; in?: $ZodType };
  if (def.shape) return Object.keys(def.shape);
  return def.in ? namesOf(def.in) : [];
}

/**
 * A form with fields: checked with `schema` (400 with each field's messages when it fails, or
 * `empty` when no rule names one), then written with the values it gave.
 */
export async function formAction<S extends $ZodType, Done extends object = object>(
  form: FormData,
  options: FormOptions & {
    schema: S;
    /** Fields never sent back to refill the form (passwords, captcha answers). */
    hidden?: readonly string[];
    empty?: string;
    write(values: output<S>): Promise<Outcome<Done>>;
  },
) {
  const fields = new FormData();
  for (const name of namesOf(options.schema)) {
    for (const value of form.getAll(name)) fields.append(name, value);
  }
  const submission = validateForm(fields, options.schema);
  const hideFields = [...(options.hidden ?? [])];
  if (submission.status !== "success") {
    const message = firstMessage(submission.error) ?? options.empty ?? FALLBACK_MESSAGE;
    const result = boundedReply(submission.reply({ hideFields }));
    return answerOutcome(form, { ok: false, status: 400, message }, options, () => result);
  }
  // A refusal about fields stands beside them; any other is the form's own error.
  const reply = ({ message, fieldErrors = {} }: Refused) => {
    const listed = Object.fromEntries(Object.entries(fieldErrors).map(([name, text]) => [name, [text]]));
    const formErrors = Object.keys(listed).length > 0 ? [] : [message];
    return boundedReply(submission.reply({ formErrors, fieldErrors: listed, hideFields }));
  };
  return answerOutcome(form, await options.write(submission.value), options, reply);
}
