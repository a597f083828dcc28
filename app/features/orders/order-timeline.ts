// The order page's timeline; pure, shared by the server render and the live page.
import { ORDER_STEPS, statusLabel, type Fulfilment, type OrderStatus } from "./order-status.ts";

interface Event {
  status: OrderStatus;
  at: string;
  reason: string | null;
}

export interface TimelineStep {
  status: OrderStatus;
  label: string;
  // null: a step ahead, or one passed unrecorded.
  at: string | null;
  state: "done" | "current" | "ahead" | "cancelled";
  reason: string | null;
}

export function timelineSteps(
  status: OrderStatus,
  fulfilment: Fulfilment | null,
  events: readonly Event[],
): TimelineStep[] {
  const reached = new Map<OrderStatus, Event>();
  for (const event of events) reached.set(event.status, event);
  if (status === "batal") {
    const cancelled = reached.get("batal");
    const came = ORDER_STEPS.filter((step) => reached.has(step));
    return [
      ...came.map((step): TimelineStep => ({
        status: step,
        label: statusLabel(step, fulfilment),
        at: reached.get(step)!.at,
        state: "done",
        reason: null,
      })),
      {
        status: "batal",
        label: statusLabel("batal", fulfilment),
        at: cancelled?.at ?? null,
        state: "cancelled",
        reason: cancelled?.reason ?? null,
      },
    ];
  }
  const position = ORDER_STEPS.indexOf(status as (typeof ORDER_STEPS)[number]);
  return ORDER_STEPS.map((step, index) => ({
    status: step,
    label: statusLabel(step, fulfilment),
    at: reached.get(step)?.at ?? null,
    state:
      index < position ? "done" : index === position ? (step === "selesai" ? "done" : "current") : "ahead",
    reason: null,
  }));
}
