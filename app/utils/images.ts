/** Pixel sizes of the app's images, so every <img> carries width and height (no layout shift). */
export const MENU_IMAGE = { width: 640, height: 480 } as const;
export const SLIDE_IMAGE = { width: 1200, height: 600 } as const;
export const PROMO_IMAGE = { width: 640, height: 400 } as const;
export const HERO_IMAGE = { width: 960, height: 720 } as const;
