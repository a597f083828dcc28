/** Words and numbers of the admin pages (dates: lib/dates.ts, in the store's time zone). */
const numberFormat = new Intl.NumberFormat("id-ID");

export const formatNumber = (value: number) => numberFormat.format(value);

export const providerLabel = (provider: string) => (provider === "google" ? "Google" : "Email");
export const roleLabel = (role: string) => (role === "admin" ? "Admin" : "Pelanggan");

const NAME_DISPLAY_MAX = 20;

export function truncateName(nama: string, max = NAME_DISPLAY_MAX): string {
  const characters = Array.from(nama);
  return characters.length > max ? `${characters.slice(0, max).join("")}...` : nama;
}
