// React Router drops actionData on a revalidation, and admin pages revalidate on each order event.
import { useState } from "react";
import { useLocation } from "react-router";

export function useKeptAnswer<T>(answer: T | undefined): T | undefined {
  const { key } = useLocation();
  const [kept, setKept] = useState<{ answer: T; key: string } | null>(null);
  if (answer !== undefined && (kept?.answer !== answer || kept.key !== key)) setKept({ answer, key });
  if (answer !== undefined) return answer;
  return kept?.key === key ? kept.answer : undefined;
}
