/**
 * Reading what the admin forms send, before it reaches the database.
 *
 * - Row ids of `serial` columns (promos, slides, notifications) are PostgreSQL `integer`s: a larger number in a
 *   query makes the database throw ("value out of range for type integer"), a 500. An id from a
 *   form is therefore read as digits in 1..2147483647, or not at all.
 * - A request may carry any field name. Conform reads names as paths (`a[99999999]` builds an
 *   array that long) and throws on its reserved `__intent__`/`__state__` holding junk, so the
 *   server hands it only the fields the form's schema has.
 */
import type { z } from "zod";
import { fallbackMessage, validateForm } from "./form-schema.ts";

/** The largest value of a PostgreSQL `integer` column (and so of a `serial` id). */
export const MAX_ROW_ID = 2_147_483_647;

export const isRowId = (value: number) => Number.isInteger(value) && value >= 1 && value <= MAX_ROW_ID;

/** A row id as a form sends it (`"12"`), or null for anything else: `"-1"`, `"1e3"`, `"3000000000"`. */
export function readRowId(value: unknown): number | null {
  if (typeof value !== "string" || !/^\s*\d{1,10}\s*$/.test(value)) return null;
  const id = Number(value);
  return isRowId(id) ? id : null;
}

/** `schema.safeParse(input)`, with FALLBACK_MESSAGE (form-schema.ts) for a check without a message. */
export const parseAdminInput = <T extends z.ZodType>(schema: T, input: unknown) =>
  schema.safeParse(input, { error: fallbackMessage });

/** A submitted form checked against its schema (the page's check, on the fields the schema has). */
export function parseSubmission<T extends z.ZodObject>(form: FormData, schema: T) {
  const fields = new FormData();
  for (const name of Object.keys(schema.shape)) {
    for (const value of form.getAll(name)) fields.append(name, value);
  }
  return validateForm(fields, schema);
}
