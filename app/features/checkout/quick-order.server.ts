// "Pesan" on one dish: one line recorded through the cart's pipeline, the cart left as it is (0038).
import { data, type RouterContextProvider } from "react-router";
import { z } from "zod";
import { getClientAddress } from "../../lib/client-address.server.ts";
import { getDb } from "../../lib/db.server.ts";
import { formatRupiah } from "../../lib/format.ts";
import { readForm } from "../../lib/form.server.ts";
import { getOptionalUser } from "../accounts/auth.server.ts";
import { MAX_NOTE_LENGTH, MAX_QUANTITY, normalizeNote } from "../cart/cart.ts";
import { levelMember } from "../cart/cart-changes.ts";
import { AddToCartSchema } from "../cart/cart-form.server.ts";
import { CART_MESSAGES } from "../cart/cart-messages.ts";
import { groupLevelFamilies } from "../catalog/spice-levels.ts";
import { getOrigin } from "../store/settings.server.ts";
import { answerOutcome } from "../../lib/form-action.server.ts";
import { fail, readOrderDetails, readPayment, recorded } from "./checkout-steps.server.ts";
import { readCheckoutContext } from "./checkout-context.server.ts";
import { checkoutForm } from "./checkout-form.server.ts";
import { priceField, type QuickOrderPage } from "./quick-order.ts";
import { CHECKOUT_MESSAGES, recordOrder } from "./record-order.server.ts";
import { newSubmissionKey, readSubmissionKey } from "./submission.server.ts";
import { SUBMISSION_FIELD } from "./checkout.ts";
import { PAYMENT_FIELD } from "../payments/payment-choice.ts";

export const QUICK_MESSAGES = {
  price: (nama: string, harga: number) =>
    `Harga ${nama} kini ${formatRupiah(harga)}. Periksa lagi, lalu tekan Pesan.`,
} as const;

const QuickOrderSchema = AddToCartSchema.extend({
  jumlah: z
    .string({ error: CART_MESSAGES.quantity })
    .regex(/^\d{1,2}$/, CART_MESSAGES.quantity)
    .transform(Number)
    .refine((value) => value >= 1 && value <= MAX_QUANTITY, CART_MESSAGES.quantity),
  catatan: z
    .string()
    .optional()
    .transform((value) => normalizeNote(value ?? ""))
    .refine((value) => Array.from(value).length <= MAX_NOTE_LENGTH, CART_MESSAGES.note),
});

const KEPT_FIELDS = ["jumlah", "catatan", "level", PAYMENT_FIELD] as const;

interface ActionArgs {
  request: Request;
  context: Readonly<RouterContextProvider>;
}

export async function quickOrderPage(
  { request, context }: ActionArgs,
  menuId: string,
): Promise<QuickOrderPage> {
  const db = await getDb();
  const checkout = await readCheckoutContext(db);
  const item = checkout.pricing.menu.get(menuId);
  if (!item) throw data(CART_MESSAGES.unknownItem, { status: 404 });
  const family = item.level_family;
  return {
    item: {
      id: item.id,
      nama: item.nama,
      harga: item.harga,
      gambar: item.gambar,
      tersedia: item.tersedia,
      level: item.level,
    },
    family,
    levels: family ? (groupLevelFamilies(checkout.pricing.catalog).get(family) ?? []) : [],
    busy: checkout.store.busy ? CHECKOUT_MESSAGES.busy(checkout.store.busyText) : null,
    limits: { jumlah: MAX_QUANTITY, catatan: MAX_NOTE_LENGTH },
    form: await checkoutForm(db, request, getOptionalUser(context), checkout.slots, checkout.payment.methods),
    submission: newSubmissionKey(),
  };
}

export async function quickOrderAction({ request, context }: ActionArgs) {
  const form = await readForm(request);
  const parsed = QuickOrderSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) return fail(form, parsed.error.issues[0]?.message ?? CART_MESSAGES.unknownItem, 400);
  const { menu, level, jumlah, catatan } = parsed.data;
  const db = await getDb();
  const checkout = await readCheckoutContext(db);
  const card = checkout.pricing.menu.get(menu);
  const member = card ? levelMember(checkout.pricing.menu, menu, level) : null;
  if (!card) return fail(form, CART_MESSAGES.unknownItem, 409);
  if (!member) {
    return fail(
      form,
      card.level_family && level !== undefined
        ? CART_MESSAGES.levelUnknown(card.level_family, level)
        : CART_MESSAGES.levelNotAllowed(card.nama),
      400,
    );
  }
  // The price the page showed must be the menu's now: a tampered or stale one records nothing.
  if (form.get(priceField(member.id)) !== String(member.harga)) {
    return fail(form, QUICK_MESSAGES.price(member.nama, member.harga), 409);
  }

  const details = readOrderDetails(form, checkout, KEPT_FIELDS);
  if (!details.ok) return details.answer;
  const payment = await readPayment(db, request, form, checkout);
  if (!payment.ok) return payment.answer;
  const user = getOptionalUser(context);
  const result = await recordOrder(db, {
    payment: payment.method,
    lines: [{ id: member.id, jumlah, level: member.level, catatan }],
    context: checkout,
    account: user ? { id: user.id } : null,
    details: details.details,
    origin: getOrigin(request),
    // Not the cart's pending order: that one stays replaceable by the cart's next checkout.
    replaces: null,
    client: getClientAddress(request),
    submission: readSubmissionKey(form.get(SUBMISSION_FIELD)),
  });
  if (!result.ok) return fail(form, result.message, result.status);
  const outcome = await recorded(db, result.order, {
    userId: user?.id ?? null,
    saved: details.saved,
    replaced: null,
  });
  return answerOutcome(form, outcome);
}
