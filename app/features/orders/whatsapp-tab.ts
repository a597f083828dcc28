/** Opening WhatsApp from a checkout: in the tap itself (checkout-panel.tsx says why; decision 0038). */

/** An empty tab opened inside the tap, or null where the browser refuses one. */
export function openBlankTab(): Window | null {
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
