// The visitor's parts of a cached page (0019): markers filled per request, an island read before hydrating.
import { createContext } from "react";

export type VisitorSlot = "cartCount";

export const VisitorSlotMarkers = createContext<Record<VisitorSlot, string> | null>(null);

export const VISITOR_ISLAND_ID = "nyala-pengunjung";

export function readVisitorIsland(): Record<string, unknown> {
  if (typeof document === "undefined") return {};
  try {
    const value: unknown = JSON.parse(document.getElementById(VISITOR_ISLAND_ID)?.textContent ?? "{}");
    return typeof value === "object" && value !== null ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
