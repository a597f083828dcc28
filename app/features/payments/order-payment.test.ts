import { describe, expect, test } from "vitest";
import { paymentRequest } from "./order-payment.server.ts";
import { CASH_ONLY } from "./payment-methods.ts";

const cash = (fulfilment: "ambil" | "antar" | "makan" | null) =>
  paymentRequest({ payment_method: "tunai", total: 25_000, fulfilment }, CASH_ONLY)!.cashWhen;

describe("where an order's cash is paid", () => {
  test("eat-in pays at the cashier, never 'when collecting or receiving'", () => {
    expect(cash("makan")).toBe("di kasir, saat makan di tempat");
    expect(cash("makan")).not.toMatch(/mengambil|menerima/);
  });

  test("pick-up pays when collecting, delivery pays the courier", () => {
    expect(cash("ambil")).toBe("saat mengambil pesanan");
    expect(cash("antar")).toBe("ke kurir saat pesanan diterima");
  });

  test("an order without a fulfilment (a hand order) keeps the general words", () => {
    expect(cash(null)).toBe("saat mengambil atau menerima pesanan");
  });
});
