import { Link } from "react-router";
import type { StoreSettings } from "~/features/store/settings.server.ts";
import { contactMessage, whatsappLink } from "~/lib/whatsapp.ts";
import { FlameIcon, MapPinIcon, WhatsAppIcon } from "~/ui/icons.tsx";
import { SocialLinks } from "./social-links.tsx";

export default function SiteFooter({ store }: { store: StoreSettings }) {
  return (
    <footer className="mt-16 bg-charcoal text-stone-300">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-3">
        <div>
          <p className="flex items-center gap-2 text-lg font-extrabold text-white">
            <FlameIcon className="size-6 text-ember-400" />
            {store.brand}
          </p>
          <p className="mt-2 text-sm">Mie pedas dengan level sesukamu, minuman segar, dan cemilan renyah.</p>
        </div>
        <div className="text-sm">
          <h2 className="mb-2 font-bold text-white">Hubungi kami</h2>
          <p className="flex gap-2">
            <MapPinIcon className="size-5 shrink-0" />
            {store.address}
          </p>
          <a
            className="mt-2 flex gap-2 underline-offset-4 hover:underline"
            href={whatsappLink(store.whatsapp, contactMessage(store.brand))}
            target="_blank"
            rel="noopener"
          >
            <WhatsAppIcon className="size-5 shrink-0" />
            {store.whatsappDisplay}
          </a>
          <SocialLinks socials={store.socials} className="mt-3" />
        </div>
        <nav aria-label="Tautan bawah" className="text-sm">
          <h2 className="mb-2 font-bold text-white">Jelajahi</h2>
          <ul className="grid grid-cols-2 gap-1">
            {[
              ["/beranda", "Beranda"],
              ["/produk", "Produk"],
              ["/keranjang", "Keranjang"],
              ["/tentang", "Tentang"],
              ["/kontak", "Kontak"],
            ].map(([to, label]) => (
              <li key={to}>
                <Link to={to!} className="inline-block py-1.5 underline-offset-4 hover:underline">
                  {label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <p className="border-t border-white/10 py-4 text-center text-xs">
        © {new Date().getFullYear()} {store.brand}. Semua hak dilindungi.
      </p>
    </footer>
  );
}
