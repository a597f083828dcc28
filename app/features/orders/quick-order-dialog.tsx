import { useEffect, useId, useRef, useState } from "react";
import { useFetcher } from "react-router";
import type { CheckoutAnswer } from "./checkout.ts";
import { openBlankTab } from "./checkout-panel.tsx";
import { OrderRecorded } from "./order-recorded.tsx";
import { QuickOrderForm } from "./quick-order-form.tsx";
import { quickOrderPath, type QuickOrderPage } from "./quick-order.ts";

/**
 * "Pesan" with JavaScript (docs/decisions/0038-quick-checkout.md): the dish's quick checkout
 * page's data and form in a dialog, loaded at the tap. As in the cart, the tap opens an empty
 * tab at once and the recorded order's WhatsApp link fills it; "Buka WhatsApp" is the fallback.
 */
export function QuickOrderDialog({ menuId, onClose }: { menuId: string; onClose(): void }) {
  const page = useFetcher<QuickOrderPage>();
  const order = useFetcher<CheckoutAnswer>();
  const ref = useRef<HTMLDialogElement>(null);
  const popup = useRef<Window | null>(null);
  const [opened, setOpened] = useState(false);
  const titleId = useId();
  const path = quickOrderPath(menuId);

  useEffect(() => {
    ref.current?.showModal();
    void page.load(path);
    // Once, when the dialog opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const answer = order.state === "idle" ? order.data : undefined;
  useEffect(() => {
    if (!answer) return;
    if (answer.status === "success" && popup.current && !popup.current.closed) {
      popup.current.location.href = answer.whatsappUrl;
      setOpened(true);
    } else popup.current?.close();
    popup.current = null;
  }, [answer]);

  const data = page.data;
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onClose={onClose}
      className="m-auto max-h-[calc(100dvh-2rem)] w-[min(32rem,calc(100vw-2rem))] rounded-3xl bg-white p-0 text-charcoal shadow-2xl backdrop:bg-black/50"
      data-testid="quick-order"
    >
      <div className="flex flex-col gap-4 p-4 sm:p-6">
        <div className="flex items-start justify-between gap-3">
          <h2 id={titleId} className="text-xl font-extrabold">
            {data ? `Pesan ${data.family ?? data.item.nama}` : "Memuat…"}
          </h2>
          <button type="button" className="btn-secondary min-h-11 px-4" onClick={() => ref.current?.close()}>
            Tutup
          </button>
        </div>
        {!data ? null : answer?.status === "success" ? (
          <OrderRecorded order={answer} opened={opened} />
        ) : (
          <QuickOrderForm
            page={data}
            answer={answer}
            Form={order.Form}
            sending={order.state !== "idle"}
            onSubmit={() => {
              popup.current = openBlankTab();
            }}
          />
        )}
      </div>
    </dialog>
  );
}
