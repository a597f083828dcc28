/** A reason staff write for a customer or the audit log: one line of 3 to 200 characters (the columns' check). */
import { singleLine } from "./single-line.ts";

export const REASON_MAX = 200;

export function readReason(value: unknown): string | null {
  const text = typeof value === "string" ? singleLine(value) : "";
  const length = Array.from(text).length;
  return length >= 3 && length <= REASON_MAX ? text : null;
}
