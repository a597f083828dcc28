import type { FormAnswer } from "~/lib/form-answer.ts";

/**
 * The line an answer leaves under its form (or a list, for its rows' buttons): what was saved, or
 * why not. Only answers of one of `intents` show here.
 */
export function FormMessage({
  answer,
  intents,
  id,
}: {
  answer: FormAnswer | undefined;
  intents: readonly string[];
  /** The form's error id: the form is described by its error. */
  id?: string;
}) {
  if (!answer?.message || !intents.includes(answer.intent ?? "")) return null;
  return answer.status === "success" ? (
    <p role="status" className="mt-3 rounded-xl bg-green-50 px-4 py-2 text-sm font-semibold text-green-800">
      {answer.message}
    </p>
  ) : (
    <p
      id={id}
      role="alert"
      className="mt-3 rounded-xl bg-chili-50 px-4 py-2 text-sm font-semibold text-chili-700"
    >
      {answer.message}
    </p>
  );
}
