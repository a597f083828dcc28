import type { HeadersFunction } from "react-router";

/** What a form page's action may say in its headers that the browser must see. */
const PASSED_ON = ["Retry-After", "Cache-Control"] as const;

/**
 * A page's `headers` export that passes its action's Retry-After (on a 429) and Cache-Control
 * on to the answer. Without a `headers` export React Router keeps only the action's cookies, so
 * a client told "too many attempts" was never told when to try again.
 */
export const actionHeaders: HeadersFunction = ({ actionHeaders: fromAction, parentHeaders }) => {
  const headers = new Headers(parentHeaders);
  for (const name of PASSED_ON) {
    const value = fromAction.get(name);
    if (value) headers.set(name, value);
  }
  return headers;
};
