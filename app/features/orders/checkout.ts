/**
 * What POST /pesanan answers, typed once for the action that writes it and the checkout panel
 * that reads it.
 */
export interface CheckoutRecorded {
  status: "success";
  code: string;
  /** The code of this browser's earlier unsent order that this one replaced (cancelled), or null. */
  replaced: string | null;
  total: number;
  /** The WhatsApp text (within MESSAGE_BUDGET, the code always in it). */
  message: string;
  whatsappUrl: string;
  outsideHours: boolean;
}

interface CheckoutRefused {
  status: "error";
  /** Indonesian, for the customer. */
  message: string;
}

export type CheckoutAnswer = CheckoutRecorded | CheckoutRefused;

/** Reads an answer of POST /pesanan; null for anything that is not one (a proxy's error page). */
export function readCheckoutAnswer(value: unknown): CheckoutAnswer | null {
  if (typeof value !== "object" || value === null) return null;
  const answer = value as Record<string, unknown>;
  if (answer.status === "error" && typeof answer.message === "string") {
    return { status: "error", message: answer.message };
  }
  if (
    answer.status === "success" &&
    typeof answer.code === "string" &&
    typeof answer.whatsappUrl === "string" &&
    typeof answer.message === "string" &&
    typeof answer.total === "number"
  ) {
    return {
      status: "success",
      code: answer.code,
      replaced: typeof answer.replaced === "string" ? answer.replaced : null,
      total: answer.total,
      message: answer.message,
      whatsappUrl: answer.whatsappUrl,
      outsideHours: answer.outsideHours === true,
    };
  }
  return null;
}
