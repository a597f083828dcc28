import { useState } from "react";
import type { Route } from "./+types/kontak";
import { SocialLinks } from "~/components/site-footer.tsx";
import { ClockIcon, MapPinIcon, WhatsAppIcon } from "~/components/ui/icons.tsx";
import { useRootData, type RootLoaderData } from "~/root.tsx";
import { pageMeta } from "~/lib/meta.ts";
import { DAY_NAMES, describeDay, timezoneLabel } from "~/features/store/opening-hours.ts";
import { contactMessage, whatsappLink } from "~/lib/whatsapp.ts";

/**
 * The contact form sends nothing to a server (SPEC.md: no submit behaviour). Instead of a
 * button that silently does nothing, it hands the message to WhatsApp, the store's real inbox.
 */
function ContactForm({ brand, whatsapp }: { brand: string; whatsapp: string }) {
  const [status, setStatus] = useState("");
  return (
    <form
      className="card space-y-4 p-6 md:self-start"
      aria-labelledby="form-kontak"
      onSubmit={(event) => {
        event.preventDefault();
        const form = new FormData(event.currentTarget);
        const nama = String(form.get("nama") ?? "").trim();
        const email = String(form.get("email") ?? "").trim();
        const pesan = String(form.get("pesan") ?? "").trim();
        const text = `${contactMessage(brand)}\n\nNama: ${nama}\nEmail: ${email}\n\n${pesan}`;
        window.open(whatsappLink(whatsapp, text), "_blank", "noopener");
        setStatus("Pesanmu kami siapkan di WhatsApp. Tinggal tekan kirim di sana.");
      }}
    >
      <h2 id="form-kontak" className="text-xl font-extrabold">
        Kirim pesan
      </h2>
      <div>
        <label htmlFor="nama" className="field-label">
          Nama
        </label>
        <input id="nama" name="nama" required maxLength={50} autoComplete="name" className="field-input" />
      </div>
      <div>
        <label htmlFor="email" className="field-label">
          Email
        </label>
        <input
          id="email"
          name="email"
          type="email"
          required
          maxLength={254}
          autoComplete="email"
          className="field-input"
        />
      </div>
      <div>
        <label htmlFor="pesan" className="field-label">
          Pesan
        </label>
        <textarea id="pesan" name="pesan" required rows={5} maxLength={1000} className="field-input" />
      </div>
      <button type="submit" className="btn-primary w-full">
        Kirim lewat WhatsApp
      </button>
      <p role="status" className="text-sm text-stone-600">
        {status}
      </p>
    </form>
  );
}

/**
 * The week's opening hours, today marked. Today, open or closed, and the next opening are the
 * server's, taken at the same moment in the store's time zone as the closed-store notice.
 */
function OpeningHours({ store }: { store: RootLoaderData["store"] }) {
  return (
    <section aria-labelledby="jam-buka" className="card p-6" data-testid="opening-hours">
      <h2 id="jam-buka" className="flex items-center gap-2 text-xl font-extrabold">
        <ClockIcon className="size-6 text-chili-600" /> Jam buka
      </h2>
      <p className="mt-1 text-sm text-stone-600">Semua jam dalam {timezoneLabel(store.timezone)}.</p>
      <dl className="mt-3 space-y-1">
        {DAY_NAMES.map((day, index) => {
          const today = index === store.today;
          const hours = store.openingHours[index];
          return (
            <div
              key={day}
              className={`-mx-3 flex items-center justify-between gap-4 rounded-xl px-3 py-1.5 ${
                today ? "bg-chili-50 font-bold text-chili-800" : ""
              }`}
              aria-current={today ? "date" : undefined}
              data-testid="opening-day"
            >
              <dt className="flex items-center gap-2">
                {day}
                {today ? (
                  <span className="rounded-full bg-chili-600 px-2 py-0.5 text-xs font-bold text-white">
                    Hari ini
                  </span>
                ) : null}
              </dt>
              <dd className={`tabular-nums ${hours?.libur && !today ? "text-stone-500" : ""}`}>
                {hours ? describeDay(hours) : "Tutup"}
              </dd>
            </div>
          );
        })}
      </dl>
      <p
        className={`mt-4 text-sm font-semibold ${store.status.open ? "text-green-800" : "text-amber-900"}`}
        data-testid="opening-now"
      >
        {store.status.open ? "Toko sedang buka." : store.reopening}
      </p>
    </section>
  );
}

export default function Kontak() {
  const { store } = useRootData();
  return (
    <div className="mx-auto max-w-6xl px-4 pt-8">
      <h1 className="section-title sm:text-4xl">Kontak</h1>
      <p className="mt-1 text-stone-600">
        Ada pertanyaan atau mau pesan untuk acara? Kami senang mendengar darimu.
      </p>
      <div className="mt-6 grid gap-6 md:grid-cols-2">
        <div className="space-y-6">
          <section aria-labelledby="alamat" className="card p-6">
            <h2 id="alamat" className="flex items-center gap-2 text-xl font-extrabold">
              <MapPinIcon className="size-6 text-chili-600" /> Alamat
            </h2>
            <p className="mt-2">{store.address}</p>
          </section>
          <section aria-labelledby="whatsapp" className="card p-6">
            <h2 id="whatsapp" className="flex items-center gap-2 text-xl font-extrabold">
              <WhatsAppIcon className="size-6 text-whatsapp" /> Telepon / WhatsApp
            </h2>
            <p className="mt-2 text-lg font-semibold">{store.whatsappDisplay}</p>
            <a
              href={whatsappLink(store.whatsapp, contactMessage(store.brand))}
              target="_blank"
              rel="noopener"
              className="btn-whatsapp mt-3"
            >
              <WhatsAppIcon className="size-5" />
              Chat di WhatsApp
            </a>
          </section>
          <OpeningHours store={store} />
          {store.socials.length > 0 ? (
            <section aria-labelledby="sosial" className="card bg-charcoal p-6 text-white">
              <h2 id="sosial" className="text-xl font-extrabold">
                Media sosial
              </h2>
              <p className="mt-1 text-sm text-stone-300">Ikuti kami untuk menu baru dan promo terbaru.</p>
              <SocialLinks socials={store.socials} withNames className="mt-4" />
            </section>
          ) : null}
        </div>
        <ContactForm brand={store.brand} whatsapp={store.whatsapp} />
      </div>
    </div>
  );
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Kontak",
    description: "Alamat, jam buka, nomor WhatsApp, dan media sosial Mie Nyala. Hubungi kami kapan saja.",
    path: "/kontak",
  });
