import type { HeadersFunction } from "react-router";

const PASSED_ON = ["Retry-After", "Cache-Control"] as const;

// Without a headers export React Router keeps only the action's cookies: a 429 would lose its Retry-After.
export const actionHeaders: HeadersFunction = ({ actionHeaders: fromAction, parentHeaders }) => {
  const headers = new Headers(parentHeaders);
  for (const name of PASSED_ON) {
    const value = fromAction.get(name);
    if (value) headers.set(name, value);
  }
  return headers;
};
