/** Formatting for the admin pages (Indonesian, Jakarta time). */
const TIME_ZONE = "Asia/Jakarta";

const dateFormat = new Intl.DateTimeFormat("id-ID", { dateStyle: "medium", timeZone: TIME_ZONE });
const dateTimeFormat = new Intl.DateTimeFormat("id-ID", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: TIME_ZONE,
});
const numberFormat = new Intl.NumberFormat("id-ID");

export const formatDate = (value: Date | string) => dateFormat.format(new Date(value));
export const formatDateTime = (value: Date | string) => dateTimeFormat.format(new Date(value));
export const formatNumber = (value: number) => numberFormat.format(value);

export const providerLabel = (provider: string) => (provider === "google" ? "Google" : "Email");
export const roleLabel = (role: string) => (role === "admin" ? "Admin" : "Pelanggan");

/** SPEC.md section 9: names in the admin list are cut to 20 characters. */
export const NAME_DISPLAY_MAX = 20;

export function truncateName(nama: string, max = NAME_DISPLAY_MAX): string {
  const characters = Array.from(nama);
  return characters.length > max ? `${characters.slice(0, max).join("")}...` : nama;
}
