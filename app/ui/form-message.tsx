import type { FormAnswer } from "~/lib/form-answer.ts";

// The line an answer leaves under its form; only answers of one of `intents` show here.
export function FormMessage({
  answer,
  intents,
  id,
}: {
  answer: FormAnswer | undefined;
  intents: readonly string[];
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
