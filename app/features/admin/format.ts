/** Words and numbers of the admin pages (dates: lib/dates.ts, in the store's time zone). */
import { isRole, ROLE_LABELS } from "../accounts/access.ts";
const numberFormat = new Intl.NumberFormat("id-ID");

export const formatNumber = (value: number) => numberFormat.format(value);

const PROVIDER_LABELS: Record<string, string> = { google: "Google", perangkat: "Perangkat" };

export const providerLabel = (provider: string) => PROVIDER_LABELS[provider] ?? "Email";
export const roleLabel = (role: string) => (isRole(role) ? ROLE_LABELS[role] : ROLE_LABELS.customer);

const NAME_DISPLAY_MAX = 20;

export function truncateName(nama: string, max = NAME_DISPLAY_MAX): string {
  const characters = Array.from(nama);
  return characters.length > max ? `${characters.slice(0, max).join("")}...` : nama;
}
