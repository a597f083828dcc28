// A serial id is read as digits in 1..2147483647 or not at all: a larger one makes PostgreSQL throw (a 500).
import type { z } from "zod";
import { fallbackMessage } from "./form-check.ts";

export const MAX_ROW_ID = 2_147_483_647;

export const isRowId = (value: number) => Number.isInteger(value) && value >= 1 && value <= MAX_ROW_ID;

export function readRowId(value: unknown): number | null {
  if (typeof value !== "string" || !/^\s*\d{1,10}\s*$/.test(value)) return null;
  const id = Number(value);
  return isRowId(id) ? id : null;
}

export const parseAdminInput = <T extends z.ZodType>(schema: T, input: unknown) =>
  schema.safeParse(input, { error: fallbackMessage });
