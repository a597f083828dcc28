// The admin app's icons (public/images/admin-app/): the logo's flame on the brand's red tile with a bell
// (the app that rings for new orders), a maskable version whose content stays in the middle 80 %
// that Android may crop to a circle, and the white notification badge Android shows in the bar.
import { FLAME_MARK } from "./icons.mjs";
import { palette } from "./palette.mjs";

/** The flame in cream and saffron (on red), on the logo's 64×64 grid. */
const lightFlame = FLAME_MARK.replace(`fill="${palette.red}"`, `fill="${palette.cream}"`);

/** A bell on a 24×24 grid. */
const BELL = `<path d="M12 2.5c-3.6 0-6 2.7-6 6.2v4.1L4.2 16v1.5h15.6V16L18 12.8V8.7c0-3.5-2.4-6.2-6-6.2Z"/><path d="M9.4 19a2.6 2.6 0 0 0 5.2 0Z"/>`;

const bellBadge = `<g transform="translate(35 35)"><circle cx="12" cy="12" r="12" fill="${palette.charcoal}"/><g transform="translate(3.6 3.4) scale(.7)" fill="${palette.saffron}">${BELL}</g></g>`;

/** The icon at `size` px; `maskable`: a full square with the art inside the safe zone. */
export function adminIconSvg(size, { maskable = false } = {}) {
  const tile = maskable
    ? `<rect width="64" height="64" fill="${palette.red}"/>`
    : `<rect width="64" height="64" rx="14" fill="${palette.red}"/>`;
  // The safe zone of a maskable icon is the circle of 80 % of its width: the art shrinks into it.
  const art = `<g transform="translate(10 6) scale(.7)">${lightFlame}</g>${bellBadge}`;
  const content = maskable ? `<g transform="translate(9.6 9.6) scale(.7)">${art}</g>` : art;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 64 64">${tile}${content}</svg>`;
}

/** Android's notification badge: one colour on transparency (the system tints it). */
export const badgeSvg = (size) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 64 64"><g transform="translate(6 4) scale(.82)">${FLAME_MARK.replaceAll(/fill="[^"]+"/g, 'fill="#fff"')}</g></svg>`;
