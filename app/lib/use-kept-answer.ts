/**
 * A page's action answer, kept while the page revalidates: React Router drops `actionData` on a
 * revalidation, and the admin pages revalidate on every order event (kitchen/live/admin-live.tsx).
 */
import { useState } from "react";
import { useLocation } from "react-router";

export function useKeptAnswer<T>(answer: T | undefined): T | undefined {
  const { key } = useLocation();
  const [kept, setKept] = useState<{ answer: T; key: string } | null>(null);
  if (answer !== undefined && (kept?.answer !== answer || kept.key !== key)) setKept({ answer, key });
  if (answer !== undefined) return answer;
  // A navigation (a new location) starts without it.
  return kept?.key === key ? kept.answer : undefined;
}
