import type { ReactNode } from "react";
import type { FormAnswer } from "~/lib/form-answer.ts";

/** A short answer line: a green status when it went well, a red alert when not. */
export function Notice({
  ok,
  id,
  spacing = "mt-3 px-4",
  testId,
  children,
}: {
  ok: boolean;
  id?: string;
  spacing?: string;
  testId?: string;
  children: ReactNode;
}) {
  const tone = ok ? "bg-green-50 text-green-800" : "bg-chili-50 text-chili-700";
  return (
    <p
      id={id}
      role={ok ? "status" : "alert"}
      className={`${spacing} rounded-xl py-2 text-sm font-semibold ${tone}`}
      data-testid={testId}
    >
      {children}
    </p>
  );
}

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
  const ok = answer.status === "success";
  return (
    <Notice ok={ok} id={ok ? undefined : id}>
      {answer.message}
    </Notice>
  );
}
