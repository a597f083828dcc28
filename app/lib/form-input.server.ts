/**
 * Reading what the restaurant-operations admin forms send, before it reaches the database.
 *
 * - Row ids of `serial` columns (promos, slides, notifications) are PostgreSQL `integer`s: a larger number in a
 *   query makes the database throw ("value out of range for type integer"), a 500. An id from a
 *   form is therefore read as digits in 1..2147483647, or not at all.
 * - Every check of the admin schemas names its own Indonesian message. Zod's built-in messages
 *   are English; a check added later without one falls back to FALLBACK_MESSAGE instead (a
 *   per-parse error map, so no other form of the app is affected, unlike `z.config`).
 */
import type { z } from "zod";

/** The largest value of a PostgreSQL `integer` column (and so of a `serial` id). */
export const MAX_ROW_ID = 2_147_483_647;

export const isRowId = (value: number) => Number.isInteger(value) && value >= 1 && value <= MAX_ROW_ID;

/** A row id as a form sends it (`"12"`), or null for anything else: `"-1"`, `"1e3"`, `"3000000000"`. */
export function readRowId(value: unknown): number | null {
  if (typeof value !== "string" || !/^\s*\d{1,10}\s*$/.test(value)) return null;
  const id = Number(value);
  return isRowId(id) ? id : null;
}

export const FALLBACK_MESSAGE = "Isian tidak valid. Periksa lagi lalu kirim ulang.";

/** `schema.safeParse(input)`, with FALLBACK_MESSAGE for a check that has no message of its own. */
export const parseAdminInput = <T extends z.ZodType>(schema: T, input: unknown) =>
  schema.safeParse(input, { error: () => FALLBACK_MESSAGE });
