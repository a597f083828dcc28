// How the audit log words an edit: the fields that differ, before → after, as a sentence and as data.

export type Changes = Record<string, [unknown, unknown]>;

export type ChangeWording = Record<string, string | ((before: unknown, after: unknown) => string)>;

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

export function describeEdit<T extends Record<string, unknown>>(
  subject: string,
  before: T,
  after: Partial<T>,
  wording: ChangeWording,
) {
  const changes = diff(before, after);
  return { summary: `${subject}: ${describeChanges(changes, wording)}`, details: { changes } };
}
