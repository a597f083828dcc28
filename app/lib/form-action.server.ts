// The one way an action answers a form (0029); a plain POST that succeeded is redirected.
import type { SubmissionResult } from "@conform-to/dom";
import { data, redirect } from "react-router";
import type { $ZodType, output } from "zod/v4/core";
import { FETCH_MODE, type FormAnswer } from "./form-answer.ts";
import { firstMessage } from "./form-errors.ts";
import { FALLBACK_MESSAGE, validateForm } from "./form-check.ts";
import { boundedReply } from "./form.server.ts";
import type { Refusal } from "./write-result.ts";

export const UNKNOWN_REQUEST = "Permintaan tidak dikenal.";

export const viaFetch = (form: FormData) => form.get(FETCH_MODE.name) === FETCH_MODE.value;

type Refused = Omit<Refusal, "fieldErrors"> & { fieldErrors?: Refusal["fieldErrors"]; headers?: HeadersInit };

export type Outcome<Done extends object = object> =
  | {
      ok: true;
      status?: 201;
      done?: Done;
      message?: string;
      headers?: HeadersInit;
      redirectTo?: string;
      redirectStatus?: 302 | 303;
    }
  | Refused;

interface FormOptions {
  intent?: string;
  saved?: string;
}

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

export const refuseForm = (
  form: FormData,
  intent: string,
  message: string,
  status: Refusal["status"] = 400,
) => answerOutcome(form, { ok: false, status, message }, { intent });

// Conform reads any other name as a path (`a[99999999]`), so none pass.
function namesOf(schema: $ZodType): string[] {
  const def = schema._zod.def as { shape?: object; in?: $ZodType };
  if (def.shape) return Object.keys(def.shape);
  return def.in ? namesOf(def.in) : [];
}

export async function formAction<S extends $ZodType, Done extends object = object>(
  form: FormData,
  options: FormOptions & {
    schema: S;
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
  const reply = ({ message, fieldErrors = {} }: Refused) => {
    const listed = Object.fromEntries(Object.entries(fieldErrors).map(([name, text]) => [name, [text]]));
    const formErrors = Object.keys(listed).length > 0 ? [] : [message];
    return boundedReply(submission.reply({ formErrors, fieldErrors: listed, hideFields }));
  };
  return answerOutcome(form, await options.write(submission.value), options, reply);
}
