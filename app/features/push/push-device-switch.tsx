// The Web Push switch for this browser (0036): it says truthfully what this device can do.
import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { Notice } from "~/ui/form-message.tsx";
import { InstallHelp } from "./install-help.tsx";
import { PUSH_URL, type PushAnswer, type PushOverview } from "./push-answer.ts";
import {
  PermissionRefused,
  readDeviceState,
  subscribeDevice,
  unsubscribeDevice,
  type DeviceReading,
  type DeviceState,
} from "./push-browser.ts";

const STATE_TEXT: Record<DeviceState, string> = {
  memeriksa: "Memeriksa perangkat ini…",
  "tidak-didukung":
    "Browser ini tidak mendukung notifikasi push. Pakai Chrome, Edge, Firefox, atau Safari terbaru.",
  "pasang-dulu": "Pasang aplikasinya dulu di Layar Utama, lalu nyalakan push dari sana.",
  diblokir:
    "Notifikasi diblokir untuk situs ini. Izinkan notifikasi di pengaturan situs pada browser, lalu muat ulang halaman ini.",
  nyala: "Aktif: perangkat ini berbunyi setiap ada pesanan baru, juga saat halaman admin tertutup.",
  mati: "Mati: perangkat ini tidak menerima push.",
};

const dateText = (iso: string) =>
  new Intl.DateTimeFormat("id-ID", { day: "numeric", month: "short", year: "numeric" }).format(new Date(iso));

export function PushDeviceSwitch({ overview }: { overview: PushOverview }) {
  const fetcher = useFetcher<PushAnswer>();
  const [device, setDevice] = useState<DeviceReading>({
    state: "memeriksa",
    endpoint: null,
    endpointHash: null,
  });
  const [working, setWorking] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [checks, setChecks] = useState(0);
  const known = overview.devices.map((entry) => entry.endpointHash).join(" ");

  useEffect(() => {
    let current = true;
    readDeviceState(overview.publicKey, known.split(" ")).then(
      (read) => current && setDevice(read),
      () => current && setDevice({ state: "tidak-didukung", endpoint: null, endpointHash: null }),
    );
    return () => {
      current = false;
    };
  }, [overview.publicKey, known, checks]);

  const run = async (step: () => Promise<void>) => {
    setWorking(true);
    setProblem(null);
    try {
      await step();
    } catch (error) {
      setProblem(
        error instanceof PermissionRefused
          ? "Izin notifikasi tidak diberikan. Ketuk lagi lalu pilih Izinkan."
          : "Browser ini tidak bisa berlangganan push sekarang. Coba lagi, atau pakai browser lain.",
      );
    } finally {
      setWorking(false);
      setChecks((count) => count + 1);
    }
  };
  const turnOn = () =>
    run(async () => {
      const fields = await subscribeDevice(overview.publicKey);
      await fetcher.submit({ intent: "nyalakan", ...fields }, { method: "post", action: PUSH_URL });
    });
  const turnOff = () =>
    run(async () => {
      if (device.endpoint)
        await fetcher.submit(
          { intent: "matikan", endpoint: device.endpoint },
          { method: "post", action: PUSH_URL },
        );
      await unsubscribeDevice();
    });
  const sendTest = () =>
    run(() =>
      fetcher.submit(
        { intent: "uji", endpoint: device.endpoint ?? "" },
        { method: "post", action: PUSH_URL },
      ),
    );

  const on = device.state === "nyala";
  const switchable = on || device.state === "mati";
  const answer = fetcher.data;
  const others = overview.devices.filter((entry) => entry.endpointHash !== device.endpointHash);
  return (
    <div className="mt-3" data-testid="push-device">
      <div className="flex items-center justify-between gap-4 py-2">
        <div className="min-w-0">
          <span id="push-switch-label" className="block font-semibold">
            Push di perangkat ini
          </span>
          <span role="status" className="block text-sm text-stone-600" data-testid="push-state">
            {STATE_TEXT[device.state]}
          </span>
        </div>
        <button
          type="button"
          role="switch"
          aria-checked={on}
          aria-labelledby="push-switch-label"
          disabled={!switchable || working}
          onClick={on ? turnOff : turnOn}
          className={`relative h-7 w-12 shrink-0 rounded-full transition before:absolute before:top-1 before:left-1 before:size-5 before:rounded-full before:bg-white before:shadow before:transition disabled:cursor-not-allowed disabled:opacity-50 ${
            on ? "bg-chili-600 before:translate-x-5" : "bg-stone-300"
          }`}
        />
      </div>
      {device.state === "pasang-dulu" ? <InstallHelp /> : null}
      {on ? (
        <button type="button" className="btn-secondary mt-2" disabled={working} onClick={sendTest}>
          Kirim push uji
        </button>
      ) : null}
      {problem ? (
        <Notice ok={false}>{problem}</Notice>
      ) : answer && !working ? (
        <Notice ok={answer.ok}>{answer.message}</Notice>
      ) : null}
      {others.length > 0 ? (
        <p className="mt-3 text-sm text-stone-600" data-testid="push-devices">
          Perangkat lain Anda yang menerima push:{" "}
          {others.map((entry) => `${entry.device} (sejak ${dateText(entry.since)})`).join(", ")}.
        </p>
      ) : null}
    </div>
  );
}
