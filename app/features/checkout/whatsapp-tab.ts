/**
 * The tab WhatsApp opens in after a checkout: browsers open a new tab only inside the tap, and the
 * message is known only once the order is recorded (checkout-panel.tsx; decisions 0022, 0038).
 */
import { useRef, useState } from "react";

/** An empty tab opened inside the tap, or null where the browser refuses one. */
function openBlankTab(): Window | null {
  try {
    const popup = window.open("", "_blank");
    if (!popup) return null;
    popup.opener = null; // the WhatsApp tab gets no handle on this page
    popup.document.title = "Menyiapkan pesanan…";
    popup.document.body.textContent = "Menyiapkan pesananmu…";
    return popup;
  } catch {
    return null;
  }
}

/**
 * `openFor` inside the tap; `settle` with the recorded order's WhatsApp link (the tab goes there)
 * or null (it closes). `opened`: whether WhatsApp opened this way (null before any answer).
 */
export type WhatsAppTab = ReturnType<typeof useWhatsAppTab>;

export function useWhatsAppTab() {
  const tab = useRef<Window | null>(null);
  const [opened, setOpened] = useState<boolean | null>(null);
  const settle = (whatsappUrl: string | null) => {
    const waiting = tab.current;
    tab.current = null;
    const going = whatsappUrl !== null && waiting !== null && !waiting.closed;
    if (going) waiting.location.href = whatsappUrl;
    else waiting?.close();
    setOpened(going);
  };
  return {
    opened,
    settle,
    /**
     * Inside the tap: the tab opens at once (only the tap may open it), then `send` runs once
     * `ready` (the details' check, maybe still loading) holds; else the tab closes. A check that
     * failed at once opens nothing.
     */
    openFor(ready: boolean | Promise<boolean>, send: () => void) {
      if (ready === false) return;
      tab.current = openBlankTab();
      void Promise.resolve(ready).then((ok) => (ok ? send() : settle(null)));
    },
  };
}
