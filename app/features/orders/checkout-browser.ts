/**
 * Browser helpers of the checkout panel: copying the message, and the tab that becomes WhatsApp.
 */
/** Copies text; the Clipboard API where allowed, else a selected textarea (older in-app browsers). */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const area = document.createElement("textarea");
    area.value = text;
    area.setAttribute("readonly", "");
    area.style.position = "fixed";
    area.style.opacity = "0";
    document.body.append(area);
    area.select();
    try {
      return document.execCommand("copy");
    } catch {
      return false;
    } finally {
      area.remove();
    }
  }
}

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
