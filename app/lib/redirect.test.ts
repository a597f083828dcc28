import { describe, expect, test } from "vitest";
import { safeRedirect } from "./redirect.ts";

/** What a `Location` header can carry (Headers refuses anything past U+00FF) and stays on the site. */
const SAME_SITE_ASCII = /^\/(?![/\\])[\x21-\x7e]*$/;

/** Where a browser goes when it follows `location` from a page of this site. */
const followed = (location: string) => new URL(location, "https://nyala.example/masuk");

describe("safeRedirect", () => {
  test.each([
    ["/keranjang", "/keranjang"],
    ["/produk?kategori=Minuman#menu", "/produk?kategori=Minuman#menu"],
    ["/admin/profil", "/admin/profil"],
    // Characters past ASCII are percent-encoded, so the header can be written and means the same path.
    ["/ᅟ//evil", "/%E1%85%9F//evil"],
    ["/。evil.test", "/%E3%80%82evil.test"],
    ["/\u2028x", "/%E2%80%A8x"],
    ["/menu?q=pedas banget", "/menu?q=pedas%20banget"],
    // Already encoded stays as it is (not encoded twice).
    ["/%E3%80%82evil.test", "/%E3%80%82evil.test"],
    ["/%2F%2Fevil", "/%2F%2Fevil"],
    ["/%5Cevil", "/%5Cevil"],
    ["/ //evil", "/%20//evil"],
  ])("%j → %j", (target, expected) => {
    expect(safeRedirect(target, "/beranda")).toBe(expected);
  });

  test.each([
    "//evil",
    "/\\evil",
    "\\\\evil",
    "https://evil.example/",
    "javascript:alert(1)",
    "evil.example",
    "",
    // Paths a URL parser turns into "//host": dot segments, dropped tabs and newlines, backslashes.
    "/.//evil",
    "/a/..//evil",
    "/\t/evil",
    "/\n/evil",
    "/\r\n/evil",
    "/\\/evil",
    "/\u0000/evil",
    "/\u007f",
    "/\u0085x",
    `/${"a".repeat(5000)}`,
  ])("%j → the fallback", (target) => {
    expect(safeRedirect(target, "/beranda")).toBe("/beranda");
  });

  test("non-strings and missing values give the fallback", () => {
    expect(safeRedirect(null)).toBe("/");
    expect(safeRedirect(undefined, "/beranda")).toBe("/beranda");
  });

  test("whatever it is given, the answer is ASCII a header can carry and stays on this site", () => {
    const pieces = [
      "/",
      "//",
      "\\",
      ".",
      "..",
      "%2F",
      "%",
      "ᅟ",
      "。",
      "\u2028",
      "\t",
      "\n",
      "@",
      ":",
      "evil",
      "?",
      "#",
      " ",
      "🌶️",
      "\ud800",
    ];
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let i = 0; i < 3000; i++) {
      let target = "/";
      const length = Math.floor(next() * 8);
      for (let j = 0; j < length; j++) target += pieces[Math.floor(next() * pieces.length)];
      const result = safeRedirect(target, "/beranda");
      expect(result, JSON.stringify(target)).toMatch(SAME_SITE_ASCII);
      expect(() => new Headers({ Location: result }), JSON.stringify(target)).not.toThrow();
      expect(followed(result).origin, JSON.stringify(target)).toBe("https://nyala.example");
    }
  });
});
