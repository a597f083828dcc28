import { useEffect, useState } from "react";
import { useFetcher, useRevalidator } from "react-router";
import { updateCartCount } from "~/features/cart/cart-count.ts";
import { FINGERPRINT_FIELD } from "~/features/cart/cart-form.ts";
import { FETCH_MODE, firstMessages, type FormAnswer } from "~/lib/form-answer.ts";

import type { CheckoutRecorded, OrderSent } from "./checkout.ts";
import { useWhatsAppTab } from "./whatsapp-tab.ts";

/**
 * Checkout with JavaScript: the cart page's form is posted to /pesanan by a fetcher (its notes,
 * levels and the fingerprint of what the page shows), the order is recorded first, then WhatsApp
 * opens with the message that carries its code. The ordered lines leave the cart only when the
 * customer says the message was sent; until then "Salin pesan" copies the text for in-app
 * browsers where wa.me fails, and a changed cart checked out again replaces the unsent order.
 *
 * Opening WhatsApp: browsers open a new tab only inside the tap itself, and the code is known
 * only after the server answered. So the tap opens an empty tab at once (window.open is
 * synchronous) and that tab is sent to WhatsApp when the answer arrives; it is closed again if
 * the order is refused. Where no tab can be opened (popup blockers, in-app browsers that open
 * links in place), the "Buka WhatsApp" link of the result is the second tap that does it; it is
 * shown in every case, so nobody depends on the first way working.
 */
export function useCheckout(fingerprint: string, onSent: (code: string) => void) {
  const fetcher = useFetcher<FormAnswer<CheckoutRecorded>>({ key: "pesanan" });
  const sent = useFetcher<FormAnswer<OrderSent>>({ key: "pesanan-terkirim" });
  const revalidator = useRevalidator();
  const whatsApp = useWhatsAppTab();
  const [recordedFor, setRecordedFor] = useState<string | null>(null);
  const [dismissed, setDismissed] = useState<unknown>(null);

  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  useEffect(() => {
    if (!answer) return;
    whatsApp.settle(answer.status === "success" ? answer.whatsappUrl : null);
    // The menu or the cart changed under the page: fetch it again so the lines show it.
    if (answer.status === "error") void revalidator.revalidate();
    // Once per answer.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [answer]);

  useEffect(() => {
    if (sent.state !== "idle" || sent.data?.status !== "success") return;
    updateCartCount(sent.data.cart);
    if (sent.data.code) onSent(sent.data.code);
    // Once per answer.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [sent.state, sent.data]);

  const recorded =
    answer?.status === "success" && answer !== dismissed && recordedFor === fingerprint ? answer : null;

  return {
    sending: fetcher.state !== "idle",
    /** "Ya, sudah terkirim" is on its way. */
    confirming: sent.state !== "idle",
    recorded,
    opened: whatsApp.opened,
    error: answer?.status === "error" && answer !== dismissed ? answer.message : null,
    /** The server's messages for the checkout's details, by field. */
    fieldErrors:
      answer?.status === "error" && answer !== dismissed ? firstMessages(answer.result) : undefined,
    /**
     * Records the order the cart form holds; call inside the customer's tap. `ready` is the
     * details' check in the browser (after any line change on its way): the tab opens at once
     * (only the tap may open it) and closes again if the check fails.
     */
    start(form: HTMLFormElement, ready: boolean | Promise<boolean> = true) {
      if (fetcher.state !== "idle") return;
      whatsApp.openFor(ready, () => {
        // The cart as the form shows it when sent (a line's change may have come after the tap).
        setRecordedFor(String(new FormData(form).get(FINGERPRINT_FIELD) ?? ""));
        setDismissed(null);
        void fetcher.submit(form, { method: "post", action: "/pesanan" });
      });
    },
    /** "Belum, ubah pesanan": back to the cart; the next checkout replaces the unsent order. */
    change() {
      setDismissed(answer);
    },
    confirmSent() {
      setDismissed(answer);
      void sent.submit(
        { intent: "terkirim", [FETCH_MODE.name]: FETCH_MODE.value },
        { method: "post", action: "/pesanan" },
      );
    },
  };
}
