/**
 * A shopper for the integration tests: a browser's cookies (the cart's, the session's, the
 * pending order's) kept between requests, and the cart's and the checkout's actions called as
 * the server does (auth-support.ts's `call`: the root middleware first). Every request is a form
 * POST as the page's JavaScript sends it (`mode=fetch`) unless `plain` says a form without it.
 */
import { action as addAtLevelAction } from "../../../app/routes/_site/keranjang-tambah.tsx";
import { action as cartAction, loader as cartLoader } from "../../../app/routes/_site/keranjang.tsx";
import { action as checkoutAction } from "../../../app/routes/_site/pesanan.tsx";
import { action as importAction } from "../../../app/routes/resources/keranjang-pindahkan.tsx";
import type { CartView } from "../../../app/features/cart/cart.server.ts";
import type { CheckoutForm } from "../../../app/features/checkout/checkout-form.server.ts";
import { PICK_UP_FORM } from "../../support/orders.ts";
import type { Pricing } from "../../../app/features/pricing/pricing.ts";
import { call, get, post, type Answer } from "../accounts/auth-support.ts";

type Handler = Parameters<typeof call>[0];

let shoppers = 0;

export class Shopper {
  /** Cookies this browser holds, by name (as the server set them, development names). */
  readonly cookies = new Map<string, string>();
  readonly address: string;

  constructor(options: { address?: string; session?: string } = {}) {
    shoppers++;
    this.address = options.address ?? `198.18.${Math.floor(shoppers / 250) % 250}.${shoppers % 250}`;
    if (options.session) this.cookies.set("nyala_session", options.session);
  }

  private remember(answer: Answer) {
    for (const cookie of answer.headers.getSetCookie()) {
      const [pair = "", ...flags] = cookie.split("; ");
      const name = pair.slice(0, pair.indexOf("="));
      const value = pair.slice(pair.indexOf("=") + 1);
      if (!value || flags.includes("Max-Age=0")) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return answer;
  }

  private get cookieList() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`);
  }

  async send(handler: Handler, path: string, values: Record<string, string>, { plain = false } = {}) {
    const request = post(path, plain ? { ...values, mode: "" } : values, {
      address: this.address,
      cookies: this.cookieList,
    });
    return this.remember(await call(handler, request));
  }

  /** "Tambah" on a product card (one portion; `level` where the dish takes one). */
  add(menu: string, level?: number, options: { plain?: boolean; kembali?: string } = {}) {
    const values: Record<string, string> = { intent: "tambah", menu };
    if (level !== undefined) values.level = String(level);
    if (options.kembali) values.kembali = options.kembali;
    return this.send(cartAction, "/keranjang", values, options);
  }

  /** The level page's form (/keranjang/tambah), as a browser without JavaScript posts it. */
  addAtLevel(values: Record<string, string>) {
    return this.send(addAtLevelAction, "/keranjang/tambah", { intent: "tambah", ...values }, { plain: true });
  }

  /** The cart page's form with one button's intent (`simpan`, `jumlah:<key>:<n>`, `hapus:<key>`). */
  edit(intent: string, fields: Record<string, string> = {}, options: { plain?: boolean } = {}) {
    return this.send(cartAction, "/keranjang", { intent, ...fields }, options);
  }

  /** A cart this browser kept in localStorage before the server kept carts, sent as it is. */
  importStored(raw: string) {
    return this.send(importAction, "/keranjang/pindahkan", { baris: raw });
  }

  /** The cart page as the server renders it for this browser: its loader's data. */
  async cart() {
    const answer = await call(
      cartLoader,
      get("/keranjang", { address: this.address, cookies: this.cookieList }),
    );
    return answer.json as unknown as { cart: CartView; details: CheckoutForm; pricing: Pricing };
  }

  /**
   * "Pesan via WhatsApp": the cart page's form posted to /pesanan (its fingerprint and the total
   * it showed, promotions included, unless given), with the checkout's details of a guest picking
   * up as soon as possible unless `fields` say otherwise (an empty value is a field left empty).
   */
  async checkout(fields: Record<string, string> = {}, options: { plain?: boolean } = {}) {
    // The page the customer looks at is drawn first (which marks what changed as said), unless
    // the test gives the fingerprint of an earlier page.
    const page = fields.keranjang === undefined ? await this.cart() : null;
    const keranjang = fields.keranjang ?? page!.cart.fingerprint;
    const total = fields.total ?? (page ? String(page.pricing.total) : undefined);
    const values = { ...PICK_UP_FORM, ...fields, keranjang, ...(total === undefined ? {} : { total }) };
    return this.send(checkoutAction, "/pesanan", values, options);
  }

  /** "Ya, sudah terkirim". */
  sent(options: { plain?: boolean } = {}) {
    return this.send(checkoutAction, "/pesanan", { intent: "terkirim" }, options);
  }

  /** Adds each line (a dish, how many, its level) through "Tambah", as a customer would. */
  async fill(lines: { id: string; jumlah?: number; level?: number }[]) {
    for (const line of lines) {
      for (let i = 0; i < (line.jumlah ?? 1); i++) {
        const answer = await this.add(line.id, line.level);
        if (answer.status !== 200) throw new Error(`adding ${line.id}: ${answer.status} ${answer.body}`);
      }
    }
    return this;
  }
}
