import { readFileSync } from "node:fs";
import vm from "node:vm";
import { describe, expect, it } from "vitest";

// The admin app's service worker, run in a bare context with the few service worker APIs it uses.
const SOURCE = readFileSync(new URL("./service-worker.js", import.meta.url), "utf8");
const ORIGIN = "https://toko.example";

interface FakeWindow {
  url: string;
  focused: boolean;
  messages: unknown[];
  focus(): Promise<void>;
  postMessage(message: unknown): void;
}

function fakeWindow(path: string): FakeWindow {
  return {
    url: `${ORIGIN}${path}`,
    focused: false,
    messages: [],
    async focus() {
      this.focused = true;
    },
    postMessage(message) {
      this.messages.push(message);
    },
  };
}

function worker(windows: FakeWindow[] = []) {
  const listeners = new Map<string, (event: unknown) => void>();
  const shown: { title: string; options: Record<string, unknown> }[] = [];
  const opened: string[] = [];
  const self = {
    location: { origin: ORIGIN },
    addEventListener: (type: string, listener: (event: unknown) => void) => listeners.set(type, listener),
    skipWaiting: () => undefined,
    registration: {
      showNotification: async (title: string, options: Record<string, unknown>) =>
        void shown.push({ title, options }),
    },
    clients: {
      claim: async () => undefined,
      matchAll: async () => windows,
      openWindow: async (url: string) => void opened.push(url),
    },
  };
  vm.runInNewContext(SOURCE, { self, URL });
  const dispatch = async (type: string, event: Record<string, unknown>) => {
    const waits: Promise<unknown>[] = [];
    listeners.get(type)!({ ...event, waitUntil: (promise: Promise<unknown>) => waits.push(promise) });
    await Promise.all(waits);
  };
  return { dispatch, shown, opened };
}

const pushEvent = (payload: unknown) => ({
  data: {
    json: () => {
      if (typeof payload === "string") return JSON.parse(payload);
      return payload;
    },
  },
});
const click = (url: unknown) => ({ notification: { data: { url }, close: () => undefined } });

describe("the admin app's service worker", () => {
  it("shows a push as a notification that stays, alerts again for the same order, and remembers where to go", async () => {
    const sw = worker();
    await sw.dispatch(
      "push",
      pushEvent({
        title: "Pesanan baru NY-7K3Q",
        body: "Rp 23.000 · Diantar",
        url: "/admin/pesanan?kode=NY-7K3Q",
        tag: "NY-7K3Q",
      }),
    );
    expect(sw.shown).toEqual([
      {
        title: "Pesanan baru NY-7K3Q",
        options: expect.objectContaining({
          body: "Rp 23.000 · Diantar",
          tag: "NY-7K3Q",
          renotify: true,
          requireInteraction: true,
          icon: "/images/admin-app/icon-192.png",
          data: { url: "/admin/pesanan?kode=NY-7K3Q" },
        }),
      },
    ]);
  });

  it("still shows something for a push it cannot read", async () => {
    const sw = worker();
    await sw.dispatch("push", pushEvent("{not json"));
    await sw.dispatch("push", { data: null });
    expect(sw.shown.map((entry) => entry.title)).toEqual(["Pesanan baru", "Pesanan baru"]);
  });

  it("a tap shows the order in the open board (focused, told where to go), not in a new window", async () => {
    const other = fakeWindow("/admin/menu");
    const board = fakeWindow("/admin/pesanan?status=baru");
    const shop = fakeWindow("/produk");
    const sw = worker([shop, other, board]);
    await sw.dispatch("notificationclick", click("/admin/pesanan?kode=NY-7K3Q&status=semua"));
    expect(board.focused).toBe(true);
    expect(board.messages).toEqual([
      { type: "buka-pesanan", url: "/admin/pesanan?kode=NY-7K3Q&status=semua" },
    ]);
    expect(other.messages).toEqual([]);
    expect(sw.opened).toEqual([]);
  });

  it("uses another admin window when no board is open, and opens one when no admin window is", async () => {
    const other = fakeWindow("/admin/menu");
    const withAdmin = worker([fakeWindow("/produk"), other]);
    await withAdmin.dispatch("notificationclick", click("/admin/pesanan?kode=NY-7K3Q"));
    expect(other.focused).toBe(true);
    expect(other.messages).toHaveLength(1);

    const alone = worker([fakeWindow("/beranda")]);
    await alone.dispatch("notificationclick", click("/admin/pesanan?kode=NY-7K3Q"));
    expect(alone.opened).toEqual([`${ORIGIN}/admin/pesanan?kode=NY-7K3Q`]);
  });

  it("opens nothing outside the admin area of this site", async () => {
    const board = fakeWindow("/admin/pesanan");
    const sw = worker([board]);
    for (const url of ["https://jahat.example/admin/pesanan", "//jahat.example/x", "/produk"])
      await sw.dispatch("notificationclick", click(url));
    expect(sw.opened).toEqual([]);
    expect(board.messages).toEqual([]);
  });
});
