// The WhatsApp tab: only a tap may open one, and the message comes after the order is recorded (0022, 0038).
import { useRef, useState } from "react";

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

// `opened`: whether WhatsApp opened this way (null before any answer).
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
    // A check that failed at once opens nothing; else the tab closes unless `ready` holds.
    openFor(ready: boolean | Promise<boolean>, send: () => void) {
      if (ready === false) return;
      tab.current = openBlankTab();
      void Promise.resolve(ready).then((ok) => (ok ? send() : settle(null)));
    },
  };
}
