/**
 * Reading what admin forms send: a `serial` row id is read as digits in 1..2147483647 or not at
 * all, since a larger number makes PostgreSQL throw (a 500); and `parseAdminInput` for a schema.
 */
import type { z } from "zod";
import { fallbackMessage } from "./form-check.ts";

/** The largest value of a PostgreSQL `integer` column (and so of a `serial` id). */
export const MAX_ROW_ID = 2_147_483_647;

export const isRowId = (value: number) => Number.isInteger(value) && value >= 1 && value <= MAX_ROW_ID;

/** A row id as a form sends it (`"12"`), or null for anything else: `"-1"`, `"1e3"`, `"3000000000"`. */
export function readRowId(value: unknown): number | null {
  if (typeof value !== "string" || !/^\s*\d{1,10}\s*$/.test(value)) return null;
  const id = Number(value);
  return isRowId(id) ? id : null;
}

/** `schema.safeParse(input)`, with FALLBACK_MESSAGE (form-check.ts) for a check without a message. */
export const parseAdminInput = <T extends z.ZodType>(schema: T, input: unknown) =>
  schema.safeParse(input, { error: fallbackMessage });
