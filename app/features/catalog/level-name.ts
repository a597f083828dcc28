// The level a name gives after "Level"; apart from spice-levels.ts, which every storefront page loads.
export function levelInName(nama: string): number | null {
  const match = /\blevel\s*(\d+)\b/i.exec(nama);
  return match ? Number(match[1]) : null;
}
