/**
 * A WhatsApp number as people read it. Apart from whatsapp.ts (links and number rules, which
 * every storefront page loads): only the pages that show a customer's or the store's number to
 * an admin, and the server, need it.
 */
/** `6281234567890` → `+62 812-3456-7890`, for showing the number to people. */
export function formatWhatsAppNumber(digits: string): string {
  const match = /^62(\d{3})(\d{4})(\d+)$/.exec(digits);
  if (!match) return `+${digits}`;
  return `+62 ${match[1]}-${match[2]}-${match[3]}`;
}
