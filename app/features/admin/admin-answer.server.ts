/**
 * How the catalog and store admin actions answer (AdminAnswer, admin-answer.ts): a form with
 * fields is checked with its schema (the page's own check, lib/form-input.server.ts) and answered
 * with Conform's reply, so its messages show beside each field also in a page rendered without
 * JavaScript; then the write runs and its outcome is the answer, with its HTTP status.
 *
 * `answerCrud` is the whole action of a list page (menu, promos, banners): create and edit with a
 * photo, delete, and the rows' own buttons. Every admin action calls `requireAdmin` itself before
 * it gets here.
 */
import type { Submission } from "@conform-to/react";
import { data } from "react-router";
import type { z } from "zod";
import { parseSubmission } from "../../lib/form-input.server.ts";
import { FALLBACK_MESSAGE } from "../../lib/form-schema.ts";
import type { Refusal, WriteResult } from "../../lib/write-result.ts";
import type { AdminAnswer } from "./admin-answer.ts";

const UNKNOWN_INTENT = "Permintaan tidak dikenal.";

type Checked<Values> = Submission<unknown, string[], Values>;

/** A refusal that has no form to reply to (a row's button, an unknown request). */
export const answerRefusal = (intent: string, message: string, status: Refusal["status"] = 400) =>
  data<AdminAnswer>({ status: "error", intent, message }, { status });

/** A write's outcome: `saved` on success, else its message (and its fields' messages) and status. */
export function answer(
  intent: string,
  outcome: WriteResult<unknown>,
  saved: string,
  submission?: Checked<unknown>,
) {
  if (outcome.ok) {
    // The saved values come back from the loader: the form starts again from them.
    const result = submission?.reply({ resetForm: true });
    return data<AdminAnswer>({ status: "success", intent, message: saved, result });
  }
  const fieldErrors = Object.fromEntries(
    Object.entries(outcome.fieldErrors).map(([field, message]) => [field, [message]]),
  );
  const result = submission?.reply({ formErrors: [outcome.message], fieldErrors });
  return data<AdminAnswer>(
    { status: "error", intent, message: outcome.message, result },
    { status: outcome.status },
  );
}

/**
 * A form with fields: checked with `schema` (400 and each field's messages when it fails), then
 * written with the values it gave.
 */
export async function answerForm<T extends z.ZodObject>(
  form: FormData,
  intent: string,
  schema: T,
  write: (values: z.output<T>) => Promise<WriteResult<unknown>>,
  saved: string,
) {
  const submission = parseSubmission(form, schema);
  if (submission.status !== "success") {
    const message = Object.values(submission.error ?? {}).find((messages) => messages?.length)?.[0];
    return data<AdminAnswer>(
      {
        status: "error",
        intent,
        message: message ?? FALLBACK_MESSAGE,
        result: submission.reply({ formErrors: message ? [message] : [] }),
      },
      { status: 400 },
    );
  }
  return answer(intent, await write(submission.value), saved, submission as Checked<unknown>);
}

/** The writes of a list page whose rows have a photo; `Id` is how the form's `id` field is read. */
interface CrudWrites<T extends z.ZodObject, Id> {
  schema: T;
  readId(value: FormDataEntryValue | null): Id | null;
  /** The message for an id that names no row. */
  notFound: string;
  create(values: z.output<T>, photo: FormDataEntryValue | null): Promise<WriteResult<unknown>>;
  update(id: Id, values: z.output<T>, photo: FormDataEntryValue | null): Promise<WriteResult>;
  remove(id: Id): Promise<WriteResult>;
  saved: { create: string; update: string; delete: string };
  /** Other buttons of a row (the menu's sold out / available again): intent → write. */
  rowButtons?: Record<string, { write(id: Id): Promise<WriteResult>; saved: string }>;
}

/** The action of a list page: the form's `intent` says which write; a photo comes as `foto`. */
export async function answerCrud<T extends z.ZodObject, Id>(form: FormData, writes: CrudWrites<T, Id>) {
  const intent = form.get("intent");
  const id = writes.readId(form.get("id"));
  const photo = form.get("foto");
  switch (intent) {
    case "create":
      return answerForm(
        form,
        intent,
        writes.schema,
        (values) => writes.create(values, photo),
        writes.saved.create,
      );
    case "update":
      if (id === null) return answerRefusal(intent, writes.notFound, 404);
      return answerForm(
        form,
        intent,
        writes.schema,
        (values) => writes.update(id, values, photo),
        writes.saved.update,
      );
    case "delete":
      if (id === null) return answerRefusal(intent, writes.notFound, 404);
      return answer(intent, await writes.remove(id), writes.saved.delete);
  }
  const buttons = writes.rowButtons ?? {};
  if (typeof intent !== "string" || !Object.hasOwn(buttons, intent)) {
    return answerRefusal(String(intent ?? ""), UNKNOWN_INTENT);
  }
  const button = buttons[intent]!;
  if (id === null) return answerRefusal(intent, writes.notFound, 404);
  return answer(intent, await button.write(id), button.saved);
}
