import type { ImgHTMLAttributes } from "react";

// `alt` is required ("" when decorative). A lazy picture is not rendered while <html> is marked
// data-pictures="later", so the main picture loads first; without JavaScript nothing is marked (0010).
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
