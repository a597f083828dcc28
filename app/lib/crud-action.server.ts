// An admin list page's action (0029): the form's intent names the write; the role is checked before.
import type { z } from "zod";
import { answerOutcome, formAction, refuseForm, UNKNOWN_REQUEST } from "./form-action.server.ts";
import type { WriteResult } from "./write-result.ts";

interface CrudWrites<T extends z.ZodType<object>, Id> {
  schema: T;
  readId(value: FormDataEntryValue | null): Id | null;
  notFound: string;
  create(values: z.output<T>, photo: FormDataEntryValue | null): Promise<WriteResult<unknown>>;
  update(id: Id, values: z.output<T>, photo: FormDataEntryValue | null): Promise<WriteResult>;
  remove(id: Id): Promise<WriteResult>;
  saved: { create: string; update: string; delete: string };
  rowButtons?: Record<string, { write(id: Id): Promise<WriteResult>; saved: string }>;
}

export async function crudAction<T extends z.ZodType<object>, Id>(form: FormData, writes: CrudWrites<T, Id>) {
  const intent = form.get("intent");
  const id = writes.readId(form.get("id"));
  const photo = form.get("foto");
  const { schema, saved } = writes;
  switch (intent) {
    case "create":
      return formAction(form, {
        intent,
        schema,
        saved: saved.create,
        write: (values) => writes.create(values, photo),
      });
    case "update":
      if (id === null) return refuseForm(form, intent, writes.notFound, 404);
      return formAction(form, {
        intent,
        schema,
        saved: saved.update,
        write: (values) => writes.update(id, values, photo),
      });
    case "delete":
      if (id === null) return refuseForm(form, intent, writes.notFound, 404);
      return answerOutcome(form, await writes.remove(id), { intent, saved: saved.delete });
  }
  const buttons = writes.rowButtons ?? {};
  if (typeof intent !== "string" || !Object.hasOwn(buttons, intent)) {
    return refuseForm(form, String(intent ?? ""), UNKNOWN_REQUEST);
  }
  const button = buttons[intent]!;
  if (id === null) return refuseForm(form, intent, writes.notFound, 404);
  return answerOutcome(form, await button.write(id), { intent, saved: button.saved });
}
