/**
 * Notices between app servers sharing a database: NOTIFY/LISTEN on PostgreSQL, in-process on PGlite
 * (docs/decisions/0007-catalog-across-servers.md). At most once: after a lost connection `onGap`
 * runs so listeners catch up from the database.
 */
import { randomUUID } from "node:crypto";

interface NoticeListener {
  (payload: string): void;
}

interface Subscription {
  listener: NoticeListener;
  onGap?: () => void;
}

/** Tells this server's notices apart from the other servers' when they come back over LISTEN. */
const SERVER_ID = randomUUID();
/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more. */
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

/** Listens on `channel` (lower-case letters and `_`); returns the function that stops it. */
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

/**
 * Whether this server is the only one (the embedded database): its notices reach every listener
 * at once. With PostgreSQL, other servers hear them a few milliseconds later.
 */
export const noticesStayInProcess = () => relay === undefined;

/** Tells this server's listeners now, and the other servers' as soon as PostgreSQL delivers it. */
export function announce(channel: string, payload = "") {
  if (payload.length > MAX_PAYLOAD) throw new Error(`notice on ${channel} too long`);
  deliver(channel, payload);
  relay?.send(channel, payload);
}

/**
 * Relays notices through PostgreSQL (app servers sharing `databaseUrl`): `notify` sends one
 * through the app's own pool (`select pg_notify(…)`), and one connection of its own LISTENs. A
 * lost listening connection is opened again after a second, and the listeners' `onGap` run once
 * it is back. Announce only after the change is committed. Returns the function that stops it.
 */
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
      // Whatever was announced while the connection was down is caught up from the database.
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
