import type { ImgHTMLAttributes } from "react";

/**
 * A picture in a box that keeps its place: `boxClassName` sizes the box (as the picture itself
 * was sized), the picture fills it. `alt` is required: "" for a decorative picture.
 *
 * A lazy picture in such a box waits for the page's main picture: while the page is marked
 * `data-pictures="later"` (added in <head> by deferred-hydration.server.ts, removed by its
 * starter once the main picture has loaded and painted) it is not rendered, so the browser does
 * not start it, and its empty box keeps the layout still. Without JavaScript nothing is marked and
 * the pictures load as usual. See docs/decisions/0010-shorter-tasks-after-the-first-paint.md.
 */
export function PictureBox({
  boxClassName,
  className = "",
  ...picture
}: { boxClassName: string; alt: string } & ImgHTMLAttributes<HTMLImageElement>) {
  return (
    <div className={`picture-box relative ${boxClassName}`}>
      <img {...picture} className={`absolute inset-0 size-full object-cover ${className}`} />
    </div>
  );
}
