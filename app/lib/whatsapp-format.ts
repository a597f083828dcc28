// Apart from whatsapp.ts, which every storefront page loads: only admin pages and the server need it.
export function formatWhatsAppNumber(digits: string): string {
  const match = /^62(\d{3})(\d{4})(\d+)$/.exec(digits);
  if (!match) return `+${digits}`;
  return `+62 ${match[1]}-${match[2]}-${match[3]}`;
}
