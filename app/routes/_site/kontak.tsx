import type { Route } from "./+types/kontak";
import { SocialLinks } from "~/components/social-links.tsx";
import { ClockIcon, MapPinIcon, WhatsAppIcon } from "~/ui/icons.tsx";
import { getOptionalUser } from "~/features/accounts/auth.server.ts";
import {
  CONTACT_MESSAGE_MAX,
  CONTACT_MESSAGES,
  CONTACT_NAME_MAX,
  type ContactField,
} from "~/features/store/contact.ts";
import { ContactSchema } from "~/features/store/contact-form.ts";
import { sendContactMessage } from "~/features/store/contact-messages.server.ts";
import { useRootData, type RootLoaderData } from "~/root.tsx";
import { actionHeaders } from "~/lib/action-headers.ts";
import { getClientAddress } from "~/lib/client-address.server.ts";
import { getDb } from "~/lib/db.server.ts";
import { formAction } from "~/lib/form-action.server.ts";
import { readForm } from "~/lib/form.server.ts";
import { pageMeta } from "~/lib/meta.ts";
import { useEnhancedForm } from "~/lib/use-enhanced-form.ts";
import { DAY_NAMES, describeDay, timezoneLabel } from "~/features/store/opening-hours.ts";
import { contactMessage, whatsappLink } from "~/lib/whatsapp.ts";

// A filled honeypot is answered like a sent message and stored nowhere, so a bot learns nothing.
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  return formAction(form, {
    schema: ContactSchema,
    saved: CONTACT_MESSAGES.sent,
    async write({ situs, ...message }) {
      if (situs) return { ok: true };
      const sent = await sendContactMessage(await getDb(), message, {
        address: getClientAddress(request),
        userId: getOptionalUser(context)?.id ?? null,
      });
      if (sent.ok) return { ok: true };
      const headers = { "Retry-After": String(sent.retryAfter) };
      return { ok: false, status: 429, message: sent.message, headers };
    },
  });
}

export const headers = actionHeaders;

const FIELDS: { name: ContactField; label: string }[] = [
  { name: "nama", label: "Nama" },
  { name: "email", label: "Email" },
  { name: "pesan", label: "Pesan" },
];

const contactCheck = () => import("~/features/store/contact-form.ts").then((module) => module.ContactSchema);

function ContactForm() {
  const { form, fields, answer, pending } = useEnhancedForm({
    id: "kontak",
    check: contactCheck,
    fetch: true,
  });
  return (
    <form
      {...form.props}
      key={form.key}
      className="card space-y-4 p-6 md:self-start"
      aria-labelledby="form-kontak"
    >
      <h2 id="form-kontak" className="text-xl font-extrabold">
        Kirim pesan
      </h2>
      <p className="text-sm text-stone-600">Kami baca setiap pesan dan membalasnya lewat email.</p>
      {FIELDS.map(({ name, label }) => {
        const field = fields[name];
        const error = field.errors?.[0];
        const common = {
          id: field.id,
          name,
          defaultValue: typeof field.initialValue === "string" ? field.initialValue : "",
          "aria-invalid": error ? true : undefined,
          "aria-describedby": error ? field.errorId : undefined,
          className: "field-input",
        };
        return (
          <div key={name}>
            <label htmlFor={common.id} className="field-label">
              {label}
            </label>
            {name === "pesan" ? (
              <textarea {...common} rows={5} maxLength={CONTACT_MESSAGE_MAX} />
            ) : (
              <input
                {...common}
                type={name === "email" ? "email" : "text"}
                maxLength={name === "email" ? 254 : CONTACT_NAME_MAX}
                autoComplete={name === "email" ? "email" : "name"}
              />
            )}
            {error ? (
              <p id={field.errorId} className="mt-1 text-sm font-semibold text-chili-700">
                {error}
              </p>
            ) : null}
          </div>
        );
      })}
      {/* Hidden from people and screen readers; a bot that fills every field fills this one. */}
      <div aria-hidden="true" className="hidden">
        <label htmlFor="kontak-situs">Situs web (jangan diisi)</label>
        <input id="kontak-situs" name="situs" tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>
      {form.errors ? (
        <p id={form.errorId} role="alert" className="text-sm font-semibold text-chili-700">
          {form.errors[0]}
        </p>
      ) : null}
      <button type="submit" className="btn-primary w-full" disabled={pending}>
        {pending ? "Mengirim…" : "Kirim pesan"}
      </button>
      <p role="status" className="text-sm font-semibold text-green-800" data-testid="contact-sent">
        {answer?.status === "success" && !pending ? answer.message : ""}
      </p>
    </form>
  );
}

// Today and the next opening are the server's, taken at the same moment as the closed-store notice.
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
        <ContactForm />
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
