import { describe, expect, it } from "vitest";
import { pictureSrcSet, smallerCopy } from "./images.ts";

describe("pictures' smaller copies", () => {
  it("names a copy after its picture", () => {
    expect(smallerCopy("/images/menu/es-nyala.webp", 360)).toBe("/images/menu/es-nyala-360.webp");
    expect(smallerCopy(`/gambar/menu/${"a".repeat(64)}.webp`, 360)).toBe(
      `/gambar/menu/${"a".repeat(64)}-360.webp`,
    );
  });

  it("offers the copies of the app's own menu photos, slides and hero, from small to full", () => {
    expect(pictureSrcSet("/images/menu/es-nyala.webp", "menu")).toBe(
      "/images/menu/es-nyala-240.webp 240w, /images/menu/es-nyala-360.webp 360w, /images/menu/es-nyala.webp 640w",
    );
    const upload = `/gambar/menu/${"0f".repeat(32)}.webp`;
    expect(pictureSrcSet(upload, "menu")).toBe(
      `${upload.replace(".webp", "-240.webp")} 240w, ${upload.replace(".webp", "-360.webp")} 360w, ${upload} 640w`,
    );
    expect(pictureSrcSet("/images/slides/slide-1.webp", "slide")).toBe(
      "/images/slides/slide-1-900.webp 900w, /images/slides/slide-1.webp 1200w",
    );
    expect(pictureSrcSet("/images/hero.webp", "hero")).toBe(
      "/images/hero-720.webp 720w, /images/hero.webp 960w",
    );
  });

  it("offers nothing for kinds without copies or for pictures that are not the app's own files", () => {
    expect(pictureSrcSet("/images/promo/promo-1.webp", "promo")).toBeUndefined();
    expect(pictureSrcSet("https://contoh.test/foto.webp", "menu")).toBeUndefined();
    expect(pictureSrcSet("/images/menu/foto.png", "menu")).toBeUndefined();
    expect(pictureSrcSet("/gambar/menu/bukan-hash.webp", "menu")).toBeUndefined();
  });
});
