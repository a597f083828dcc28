// Web Push on /admin/pengaturan-notifikasi (0036), loaded once the page runs: push needs JavaScript.
import { useEffect } from "react";
import { useFetcher } from "react-router";
import { useHydrated } from "~/lib/use-hydrated.ts";
import { PUSH_URL, type PushOverview } from "./push-answer.ts";
import { PushDeviceSwitch } from "./push-device-switch.tsx";
import { PushRepeatsForm } from "./push-repeats-form.tsx";

export function PushSettings() {
  const hydrated = useHydrated();
  const overview = useFetcher<PushOverview>();
  const { load } = overview;
  useEffect(() => {
    void load(PUSH_URL);
  }, [load]);
  return (
    <section aria-labelledby="push-judul" className="card mt-6 max-w-2xl p-6" data-testid="push-settings">
      <h2 id="push-judul" className="text-lg font-extrabold">
        Notifikasi push
      </h2>
      <p className="text-sm text-stone-600">
        Pesanan baru berbunyi di ponsel atau komputer ini, juga saat halaman admin tidak terbuka.
      </p>
      {!hydrated ? (
        <p className="mt-3 text-sm text-stone-600">Notifikasi push membutuhkan JavaScript.</p>
      ) : overview.data ? (
        <>
          {overview.data.subjectMissing ? (
            <p
              className="mt-3 rounded-xl bg-amber-50 px-4 py-2 text-sm font-semibold text-amber-900"
              data-testid="push-subject-missing"
            >
              Pengaturan VAPID_SUBJECT belum diisi: toko yang berjalan di internet tidak mengirim push, dan
              iPhone serta iPad tidak akan menerimanya. Isi dengan alamat https:// toko ini atau mailto: email
              pemilik yang nyata, lalu nyalakan ulang server.
            </p>
          ) : null}
          <PushDeviceSwitch overview={overview.data} />
          <PushRepeatsForm repeats={overview.data.repeats} />
        </>
      ) : (
        <p className="mt-3 text-sm text-stone-600">Memuat…</p>
      )}
    </section>
  );
}
