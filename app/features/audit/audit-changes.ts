/**
 * How the audit log words an edit: the fields that differ, before → after, in one Indonesian
 * sentence for the log page (`Promo Senin Hemat: judul A → B, dinonaktifkan`), and the same
 * changes as data for its details.
 */

/** The fields that differ, as `{field: [before, after]}`. */
export type Changes = Record<string, [unknown, unknown]>;

/**
 * How each changed field is worded: a name (`harga` → `harga A → B`, an empty value shown as
 * "kosong") or a function of the values before and after. A field not listed goes by its key.
 */
export type ChangeWording = Record<string, string | ((before: unknown, after: unknown) => string)>;

/** The fields of `after` (those it has) whose value is not the one in `before`. */
export function diff<T extends Record<string, unknown>>(before: T, after: Partial<T>): Changes {
  const changes: Changes = {};
  for (const [key, value] of Object.entries(after)) {
    if (value !== undefined && before[key] !== value) changes[key] = [before[key], value];
  }
  return changes;
}

const shownValue = (value: unknown) =>
  value === "" || value === null || value === undefined ? "kosong" : String(value);

export function describeChanges(changes: Changes, wording: ChangeWording): string {
  const parts = Object.entries(changes).map(([field, [before, after]]) => {
    const rule = wording[field] ?? field;
    return typeof rule === "function"
      ? rule(before, after)
      : `${rule} ${shownValue(before)} → ${shownValue(after)}`;
  });
  return parts.join(", ") || "tanpa perubahan";
}

/** The audit entry's summary and details for an edit of `subject` (`Promo Senin Hemat`). */
export function describeEdit<T extends Record<string, unknown>>(
  subject: string,
  before: T,
  after: Partial<T>,
  wording: ChangeWording,
) {
  const changes = diff(before, after);
  return { summary: `${subject}: ${describeChanges(changes, wording)}`, details: { changes } };
}
