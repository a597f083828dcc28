import { getEnv } from "./env.server.ts";
import { formatWhatsAppNumber, normalizeWhatsAppNumber } from "./whatsapp.ts";

export interface SocialLink {
  name: "Instagram" | "Facebook" | "TikTok";
  url: string;
}

/** The store's public details, as the pages show them. */
export interface StoreSettings {
  brand: string;
  whatsapp: string;
  whatsappDisplay: string;
  address: string;
  socials: SocialLink[];
}

export function getStoreSettings(): StoreSettings {
  const env = getEnv();
  const whatsapp = normalizeWhatsAppNumber(env.WHATSAPP_NUMBER);
  const socials: SocialLink[] = [
    { name: "Instagram" as const, url: env.INSTAGRAM_URL },
    { name: "Facebook" as const, url: env.FACEBOOK_URL },
    { name: "TikTok" as const, url: env.TIKTOK_URL },
  ].filter((link) => /^https?:\/\//.test(link.url));
  return {
    brand: env.BRAND_NAME,
    whatsapp,
    whatsappDisplay: formatWhatsAppNumber(whatsapp),
    address: env.STORE_ADDRESS,
    socials,
  };
}

/** The site's public origin for absolute URLs (Open Graph): SITE_URL, else the request's own. */
export function getOrigin(request: Request): string {
  const configured = getEnv().SITE_URL;
  return (configured ?? new URL(request.url).origin).replace(/\/$/, "");
}
