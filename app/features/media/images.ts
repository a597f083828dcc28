// Picture sizes and their smaller copies, named `<name>-<width>.webp` (0009, 0035).
export const MENU_IMAGE = { width: 640, height: 480 } as const;
export const SLIDE_IMAGE = { width: 1200, height: 600 } as const;
export const PROMO_IMAGE = { width: 640, height: 400 } as const;
export const HERO_IMAGE = { width: 960, height: 720 } as const;

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

const OWN_WEBP =
  /^\/(?:images\/[a-z0-9-]+(?:\/[a-z0-9-]+)*|gambar\/(?:menu|promo|slide)\/[a-f0-9]{64})\.webp$/;

export const smallerCopy = (src: string, width: number) => src.replace(/\.webp$/, `-${width}.webp`);

export function pictureSrcSet(src: string, kind: PictureKind): string | undefined {
  const widths = SMALLER_WIDTHS[kind];
  if (widths.length === 0 || !OWN_WEBP.test(src)) return undefined;
  return [
    ...widths.map((width) => `${smallerCopy(src, width)} ${width}w`),
    `${src} ${FULL_WIDTH[kind]}w`,
  ].join(", ");
}
