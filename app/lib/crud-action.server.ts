/**
 * The action of an admin list page (menu, promos, banners) on the one form pattern
 * (form-action.server.ts): the form's `intent` says which write (create and edit with a photo
 * `foto`, delete, or a row's own button). Every admin action checks the role before it gets here.
 */
import type { z } from "zod";
import { answerOutcome, formAction, refuseForm, UNKNOWN_REQUEST } from "./form-action.server.ts";
import type { WriteResult } from "./write-result.ts";

/** The writes of a list page whose rows have a photo; `Id` is how the form's `id` field is read. */
interface CrudWrites<T extends z.ZodType<object>, Id> {
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
