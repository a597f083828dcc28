import { useEffect, useState } from "react";
import { useFetcher, useRevalidator } from "react-router";
import { updateCartCount } from "~/features/cart/cart-count.ts";
import { FINGERPRINT_FIELD } from "~/features/cart/cart-form.ts";
import { FETCH_MODE, firstMessages, type FormAnswer } from "~/lib/form-answer.ts";

import type { CheckoutRecorded, OrderSent } from "./checkout.ts";
import { useWhatsAppTab } from "./whatsapp-tab.ts";

// Opening WhatsApp: only the tap may open a tab, and the code comes after the server's answer, so the tap
// opens an empty tab at once; where none opens, the result's "Buka WhatsApp" link is the second tap.
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
    confirming: sent.state !== "idle",
    recorded,
    opened: whatsApp.opened,
    error: answer?.status === "error" && answer !== dismissed ? answer.message : null,
    fieldErrors:
      answer?.status === "error" && answer !== dismissed ? firstMessages(answer.result) : undefined,
    // Call inside the customer's tap: the tab opens at once and closes again if `ready` fails.
    start(form: HTMLFormElement, ready: boolean | Promise<boolean> = true) {
      if (fetcher.state !== "idle") return;
      whatsApp.openFor(ready, () => {
        setRecordedFor(String(new FormData(form).get(FINGERPRINT_FIELD) ?? ""));
        setDismissed(null);
        void fetcher.submit(form, { method: "post", action: "/pesanan" });
      });
    },
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
