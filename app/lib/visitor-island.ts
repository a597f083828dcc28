/**
 * The visitor's own parts of a cached page (docs/decisions/0019-pages-for-every-visitor.md): slot
 * markers the server fills per request, and the JSON island the browser reads before hydrating, so
 * React hydrates what the HTML shows.
 */
import { createContext } from "react";

/** The slots a page may hold; each is plain text in the HTML. */
export type VisitorSlot = "cartCount";

/**
 * On the server only: each slot's marker, rendered in place of the visitor's value (the page
 * cache fills it in). In the browser there is no provider and components read the island.
 */
export const VisitorSlotMarkers = createContext<Record<VisitorSlot, string> | null>(null);

export const VISITOR_ISLAND_ID = "nyala-pengunjung";

/** What the island holds, as the server wrote it; `{}` where there is none (a page not from this app). */
export function readVisitorIsland(): Record<string, unknown> {
  if (typeof document === "undefined") return {};
  try {
    const value: unknown = JSON.parse(document.getElementById(VISITOR_ISLAND_ID)?.textContent ?? "{}");
    return typeof value === "object" && value !== null ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
