/**
 * The app's pictures: their full size (every <img> carries width and height) and the smaller copies
 * for small slots, named `<name>-<width>.webp` (docs/decisions/0009-smaller-font-and-pictures.md,
 * 0035-photos-in-the-database.md).
 */
export const MENU_IMAGE = { width: 640, height: 480 } as const;
export const SLIDE_IMAGE = { width: 1200, height: 600 } as const;
export const PROMO_IMAGE = { width: 640, height: 400 } as const;
export const HERO_IMAGE = { width: 960, height: 720 } as const;

/**
 * Widths of the smaller copies, per kind of picture. Menu photos sit in 112 px rows on phones and
 * 96 px cart lines (240 px covers two device pixels per CSS pixel, 360 px three); the hero fills
 * a phone's width (720 px covers two). A slide on a phone shows the middle of a picture 1.25 times
 * the phone's width (900 px covers about two device pixels). Promos are shown wide everywhere.
 */
export const SMALLER_WIDTHS = {
  menu: [240, 360],
  promo: [],
  slide: [900],
  hero: [720],
} as const satisfies Record<string, readonly number[]>;

type PictureKind = keyof typeof SMALLER_WIDTHS;

const FULL_WIDTH: Record<PictureKind, number> = {
  menu: MENU_IMAGE.width,
  promo: PROMO_IMAGE.width,
  slide: SLIDE_IMAGE.width,
  hero: HERO_IMAGE.width,
};

/** The app's own WebP files: seed pictures in /images and uploads in /gambar. */
const OWN_WEBP =
  /^\/(?:images\/[a-z0-9-]+(?:\/[a-z0-9-]+)*|gambar\/(?:menu|promo|slide)\/[a-f0-9]{64})\.webp$/;

/** `/images/menu/es-nyala.webp`, 360 → `/images/menu/es-nyala-360.webp`. */
export const smallerCopy = (src: string, width: number) => src.replace(/\.webp$/, `-${width}.webp`);

/**
 * The `srcSet` for a picture of this kind, or undefined when it has no smaller copies (or is not
 * one of the app's own files). Use it with a `sizes` that says how wide the slot is.
 */
export function pictureSrcSet(src: string, kind: PictureKind): string | undefined {
  const widths = SMALLER_WIDTHS[kind];
  if (widths.length === 0 || !OWN_WEBP.test(src)) return undefined;
  return [
    ...widths.map((width) => `${smallerCopy(src, width)} ${width}w`),
    `${src} ${FULL_WIDTH[kind]}w`,
  ].join(", ");
}
