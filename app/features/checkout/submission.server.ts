// One order per checkout form (0057): the page renders a one-time key, the order stores the SHA-256 of that
// key with what the form asked, and the same key with the same request answers that order again. Its link's
// and its pending secret are derived from both, so a replay hands them out again though neither is stored.
import { createHash, createHmac, randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Database } from "../../../database/client.server.ts";
import { orders } from "../../../database/schema.ts";
import { deriveKey } from "../../lib/server-secret.server.ts";
import { discountsOfOrders, linesOfOrders } from "../orders/order-rows.server.ts";
import type { PaymentMethod } from "../payments/payment-labels.ts";
import type { RecordRequest } from "./record-order.server.ts";
import { recordedMessage } from "./recorded-message.server.ts";

const KEY_PATTERN = /^[A-Za-z0-9_-]{22,64}$/;
const SECRET_BYTES = 24;

export const newSubmissionKey = () => randomBytes(16).toString("base64url");

export const readSubmissionKey = (value: unknown): string | null =>
  typeof value === "string" && KEY_PATTERN.test(value) ? value : null;

interface Secret {
  token: string;
  hash: string;
}

export interface Submission {
  hash: string;
  view: Secret;
  pending: Secret;
}

const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

export async function submissionOf(key: string, asked: unknown): Promise<Submission> {
  const input = `${key}\n${JSON.stringify(asked)}`;
  const secret = await deriveKey("order-submission");
  const derive = (purpose: string): Secret => {
    const token = createHmac("sha256", secret)
      .update(`${purpose}\n${input}`)
      .digest()
      .subarray(0, SECRET_BYTES)
      .toString("base64url");
    return { token, hash: sha256(token) };
  };
  return { hash: sha256(input), view: derive("view"), pending: derive("pending") };
}

/** The order this submission recorded, with its lines and discounts, or null. */
export async function submittedOrder(db: Database, submission: Submission) {
  const [order] = await db.select().from(orders).where(eq(orders.submission_hash, submission.hash));
  if (!order) return null;
  const [lines, discounts] = await Promise.all([
    linesOfOrders(db, [order.id]),
    discountsOfOrders(db, [order.id]),
  ]);
  return { order, lines, discounts };
}

export type SubmittedOrder = NonNullable<Awaited<ReturnType<typeof submittedOrder>>>;

// What a replay must ask again to be the same submission.
export const askedOf = ({ lines, details, account }: RecordRequest, method: PaymentMethod) => ({
  lines: lines.map((line) => [line.id, line.jumlah, line.level ?? null, line.catatan ?? ""]),
  details: { ...details, scheduledFor: details.scheduledFor?.toISOString() ?? null },
  account: account?.id ?? null,
  method,
});

export function answerAgain(
  request: RecordRequest,
  method: PaymentMethod,
  submission: Submission,
  { order, lines, discounts }: SubmittedOrder,
) {
  const { code, replaces: replaced, follows } = order;
  const viewToken = submission.view.token;
  return {
    ok: true as const,
    order: {
      id: order.id,
      code,
      token: submission.pending.token,
      viewToken,
      replaced,
      follows,
      total: order.total,
      outsideHours: order.outside_hours,
      ...recordedMessage(request, method, lines, { code, viewToken, replaced, follows, discounts }),
    },
  };
}
