// Notices between app servers, NOTIFY/LISTEN or in-process (0007); onGap lets listeners catch up.
import { randomUUID } from "node:crypto";

interface NoticeListener {
  (payload: string): void;
}

interface Subscription {
  listener: NoticeListener;
  onGap?: () => void;
}

const SERVER_ID = randomUUID();
// PostgreSQL refuses NOTIFY payloads of 8000 bytes or more.
const MAX_PAYLOAD = 7000;
const RECONNECT_MS = 1000;
const CHANNEL_PATTERN = /^[a-z_]{1,50}$/;

const subscriptions = new Map<string, Set<Subscription>>();
let relay: { send(channel: string, payload: string): void; listen(channel: string): void } | undefined;

function deliver(channel: string, payload: string) {
  for (const { listener } of subscriptions.get(channel) ?? []) {
    try {
      listener(payload);
    } catch (error) {
      console.error(`Pemberitahuan ${channel} gagal diproses:`, error);
    }
  }
}

function gap() {
  for (const set of subscriptions.values()) for (const { onGap } of set) onGap?.();
}

// `channel`: lower-case letters and `_` only, as it goes into LISTEN as it is.
export function listen(channel: string, listener: NoticeListener, options: { onGap?: () => void } = {}) {
  if (!CHANNEL_PATTERN.test(channel)) throw new Error(`invalid notice channel ${channel}`);
  let set = subscriptions.get(channel);
  if (!set) {
    set = new Set();
    subscriptions.set(channel, set);
    relay?.listen(channel);
  }
  const subscription = { listener, onGap: options.onGap };
  set.add(subscription);
  return () => void set.delete(subscription);
}

export const noticesStayInProcess = () => relay === undefined;

export function announce(channel: string, payload = "") {
  if (payload.length > MAX_PAYLOAD) throw new Error(`notice on ${channel} too long`);
  deliver(channel, payload);
  relay?.send(channel, payload);
}

// Announce only after the change is committed.
export async function startNoticeRelay(
  databaseUrl: string,
  notify: (channel: string, payload: string) => Promise<unknown>,
): Promise<() => Promise<void>> {
  const { default: pg } = await import("pg");
  let stopped = false;
  let listener: InstanceType<typeof pg.Client> | undefined;

  relay = {
    send(channel, payload) {
      notify(channel, `${SERVER_ID}:${payload}`).catch((error: Error) =>
        console.error(`Pemberitahuan ${channel} tidak terkirim:`, error.message),
      );
    },
    listen(channel) {
      listener?.query(`LISTEN ${channel}`).catch(() => undefined);
    },
  };

  const connect = async (afterGap: boolean) => {
    if (stopped) return;
    const connection = new pg.Client({ connectionString: databaseUrl });
    listener = connection;
    let retried = false;
    const retry = () => {
      if (retried || stopped) return;
      retried = true;
      setTimeout(() => void connect(true), RECONNECT_MS).unref();
    };
    connection.on("notification", ({ channel, payload = "" }) => {
      const separator = payload.indexOf(":");
      if (payload.slice(0, separator) === SERVER_ID) return; // delivered here already
      deliver(channel, payload.slice(separator + 1));
    });
    connection.on("error", (error) => {
      console.error("Koneksi LISTEN terputus:", error.message);
      void connection.end().catch(() => undefined);
      retry();
    });
    connection.on("end", retry);
    try {
      await connection.connect();
      for (const channel of subscriptions.keys()) await connection.query(`LISTEN ${channel}`);
      if (afterGap) gap();
    } catch (error) {
      console.error("LISTEN gagal:", (error as Error).message);
      void connection.end().catch(() => undefined);
      retry();
    }
  };
  await connect(false);

  return async () => {
    stopped = true;
    relay = undefined;
    await listener?.end().catch(() => undefined);
  };
}
