import { describe, expect, it } from "vitest";
import { deviceName } from "./device-name.ts";
import { orderPushMessage } from "./push-message.ts";

describe("what a push says", () => {
  const order = {
    code: "NY-7K3Q",
    total: 45_000,
    fulfilment: "makan" as const,
    created_at: new Date("2026-11-25T04:00:00Z"),
  };

  it("announces a new order with its code, total and how, and reminds with how long it has waited", () => {
    expect(orderPushMessage(order, 0)).toEqual({
      title: "Pesanan baru NY-7K3Q",
      body: "Rp 45.000 · Makan di tempat",
      url: "/admin/pesanan?kode=NY-7K3Q&status=semua",
      tag: "NY-7K3Q",
    });
    expect(orderPushMessage(order, 2, new Date("2026-11-25T04:04:20Z"))).toMatchObject({
      title: "Belum diterima: NY-7K3Q",
      body: "Menunggu 4 menit · Rp 45.000 · Makan di tempat",
      tag: "NY-7K3Q",
    });
    expect(orderPushMessage({ ...order, fulfilment: null }, 0).body).toBe("Rp 45.000");
  });

  it("tells a kitchen device the code and the lines, never the total", () => {
    const kitchen = { ...order, total: null, lines: ["2x Mie Nyala Level 3 (Pedas)", "1x Es Teh Jumbo"] };
    expect(orderPushMessage(kitchen, 0)).toEqual({
      title: "Pesanan baru NY-7K3Q",
      body: "2x Mie Nyala Level 3 (Pedas), 1x Es Teh Jumbo · Makan di tempat",
      url: "/admin/pesanan?kode=NY-7K3Q&status=semua",
      tag: "NY-7K3Q",
    });
    expect(orderPushMessage(kitchen, 1).body).not.toContain("Rp");
  });
});

describe("a device's name from its browser", () => {
  it.each([
    [
      "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36",
      "Chrome di Android",
    ],
    [
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1",
      "Safari di iPhone",
    ],
    [
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36 Edg/130.0",
      "Edge di Windows",
    ],
    [
      "Mozilla/5.0 (Linux; Android 13; SM-A536E) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0 Mobile Safari/537.36",
      "Samsung Internet di Android",
    ],
    ["Mozilla/5.0 (Macintosh; Intel Mac OS X 14.4; rv:125.0) Gecko/20100101 Firefox/125.0", "Firefox di Mac"],
    ["curl/8.0", "Browser"],
  ])("%s", (agent, name) => {
    expect(deviceName(agent)).toBe(name);
  });
  it("names a browser that sends no user agent", () => expect(deviceName(null)).toBe("Browser"));
});
