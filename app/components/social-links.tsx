import type { StoreSettings } from "~/features/store/settings.server.ts";
import { FacebookIcon, InstagramIcon, TikTokIcon } from "~/ui/icons.tsx";

const socialIcons = { Instagram: InstagramIcon, Facebook: FacebookIcon, TikTok: TikTokIcon };

/** The store's social accounts: round icons (footer), or pills with the network's name. */
export function SocialLinks({
  socials,
  withNames = false,
  className = "",
}: {
  socials: StoreSettings["socials"];
  withNames?: boolean;
  className?: string;
}) {
  return (
    <ul className={`flex flex-wrap gap-2 ${className}`}>
      {socials.map((social) => {
        const SocialIcon = socialIcons[social.name];
        return (
          <li key={social.name}>
            {withNames ? (
              <a
                href={social.url}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex min-h-11 items-center gap-2 rounded-full bg-white/10 px-4 font-semibold transition hover:bg-white/20"
              >
                <SocialIcon className="size-5 shrink-0" />
                {social.name}
              </a>
            ) : (
              <a
                href={social.url}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex size-11 items-center justify-center rounded-full bg-white/10 transition hover:bg-white/20"
                aria-label={social.name}
              >
                <SocialIcon className="size-5" />
              </a>
            )}
          </li>
        );
      })}
    </ul>
  );
}
