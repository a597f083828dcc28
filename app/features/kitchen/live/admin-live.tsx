// The admin pages' live connection (0020): a change reloads the data, a new order rings if sound is on.
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useRef,
  useState,
  useSyncExternalStore,
} from "react";
import { useRevalidator } from "react-router";
import { keepEventSource } from "~/lib/live-source.ts";
import { useRingAgain } from "./ring-again.ts";

const LIVE_URL = "/admin/pesanan/langsung";
const SOUND_KEY = "nyala-suara-pesanan";
const RELOAD_DELAY_MS = 250;

interface AdminLive {
  connected: boolean;
  /** null until the server has said. */
  newOrders: number | null;
  /** Order-change events heard (Auto-cetak asks again at each). */
  changes: number;
  soundOn: boolean;
  /** A tap: browsers let a page play sound only after one. */
  toggleSound(): void;
}

const AdminLiveContext = createContext<AdminLive>({
  connected: false,
  newOrders: null,
  changes: 0,
  soundOn: false,
  toggleSound: () => undefined,
});

export const useAdminLive = () => useContext(AdminLiveContext);

interface BoardEvent {
  baru: number;
  eventId: number;
  changes: { code: string; kind: string }[];
}

function readEvent(data: string): BoardEvent | null {
  try {
    const value = JSON.parse(data) as BoardEvent;
    return typeof value.baru === "number" && typeof value.eventId === "number" && Array.isArray(value.changes)
      ? value
      : null;
  } catch {
    return null;
  }
}

// Off on the server and where storage is blocked.
const soundListeners = new Set<() => void>();
const soundPreference = {
  subscribe(listener: () => void) {
    soundListeners.add(listener);
    return () => void soundListeners.delete(listener);
  },
  get(): boolean {
    try {
      return window.localStorage.getItem(SOUND_KEY) === "1";
    } catch {
      return false;
    }
  },
  set(on: boolean) {
    try {
      window.localStorage.setItem(SOUND_KEY, on ? "1" : "0");
    } catch {
      // storage blocked: the switch stays off after a reload
    }
    for (const listener of soundListeners) listener();
  },
};

function chime(context: AudioContext) {
  const start = context.currentTime;
  [880, 1320].forEach((frequency, index) => {
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    oscillator.type = "sine";
    oscillator.frequency.value = frequency;
    const at = start + index * 0.18;
    gain.gain.setValueAtTime(0.0001, at);
    gain.gain.exponentialRampToValueAtTime(0.3, at + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.16);
    oscillator.connect(gain).connect(context.destination);
    oscillator.start(at);
    oscillator.stop(at + 0.17);
  });
}

export function AdminLiveProvider({ eventId, children }: { eventId: number; children: React.ReactNode }) {
  const loadedEventId = useRef(eventId);
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  useEffect(() => {
    revalidate.current = revalidator.revalidate;
  });
  // What the page's data includes: a reload's data says where it got to.
  useEffect(() => {
    loadedEventId.current = Math.max(loadedEventId.current, eventId);
  }, [eventId]);
  const [connected, setConnected] = useState(false);
  const [newOrders, setNewOrders] = useState<number | null>(null);
  const [changes, setChanges] = useState(0);
  const soundOn = useSyncExternalStore(soundPreference.subscribe, soundPreference.get, () => false);
  const audio = useRef<AudioContext | null>(null);
  const soundRef = useRef(false);

  useEffect(() => {
    soundRef.current = soundOn;
    if (!soundOn || audio.current?.state === "running") return;
    // A page may start sound only after a tap: the first one anywhere on the page unlocks it.
    const unlock = () => {
      audio.current ??= new AudioContext();
      void audio.current.resume();
    };
    window.addEventListener("pointerdown", unlock, { once: true });
    return () => window.removeEventListener("pointerdown", unlock);
  }, [soundOn]);

  const ring = useRingAgain(
    newOrders,
    useCallback(() => {
      if (!soundRef.current || audio.current?.state !== "running") return false;
      chime(audio.current);
      return true;
    }, []),
  );

  const toggleSound = useCallback(() => {
    const next = !soundPreference.get();
    soundPreference.set(next);
    if (next) {
      audio.current ??= new AudioContext();
      void audio.current.resume().then(() => audio.current && chime(audio.current));
    }
  }, []);

  useEffect(() => {
    let reload: ReturnType<typeof setTimeout> | undefined;
    const onEvent = (event: MessageEvent<string>) => {
      const data = readEvent(event.data);
      if (!data) return;
      setNewOrders(data.baru);
      if (data.changes.length > 0) setChanges((heard) => heard + 1);
      if (data.changes.some((change) => change.kind === "baru")) ring();
      // Every (re)connect starts with where the server is: reload only if it moved on from what
      // the page shows (the last reload's data carries its own id).
      if (data.eventId !== loadedEventId.current || data.changes.length > 0) {
        loadedEventId.current = data.eventId;
        clearTimeout(reload);
        reload = setTimeout(() => void revalidate.current(), RELOAD_DELAY_MS);
      }
    };

    const close = keepEventSource(LIVE_URL, { halo: onEvent, pesanan: onEvent }, setConnected);
    return () => {
      close();
      clearTimeout(reload);
    };
  }, [ring]);

  return (
    <AdminLiveContext.Provider value={{ connected, newOrders, changes, soundOn, toggleSound }}>
      {children}
    </AdminLiveContext.Provider>
  );
}
