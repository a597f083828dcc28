/**
 * `10000` → `Rp 10.000`, grouped by hand: the first Intl.NumberFormat costs a phone about 20 ms
 * while hydrating (docs/decisions/0008-first-paint-before-javascript.md).
 */
export function formatRupiah(amount: number): string {
  const rounded = Math.round(amount);
  const sign = rounded < 0 ? "-" : "";
  const grouped = String(Math.abs(rounded)).replace(/\B(?=(\d{3})+(?!\d))/g, ".");
  return `${sign}Rp ${grouped}`;
}
