const rupiahGrouping = new Intl.NumberFormat("id-ID", { maximumFractionDigits: 0 });

/** `10000` → `Rp 10.000` (id-ID grouping, no decimals, a plain space after "Rp"). */
export function formatRupiah(amount: number): string {
  const rounded = Math.round(amount);
  const sign = rounded < 0 ? "-" : "";
  return `${sign}Rp ${rupiahGrouping.format(Math.abs(rounded))}`;
}
