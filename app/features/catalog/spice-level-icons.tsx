/** Chillies that show a spice level (the product card's badge, the cart, the level choices). */
import { MAX_LEVEL } from "~/features/catalog/spice-levels.ts";

export function ChiliIcon({ muted = false, className = "size-4" }: { muted?: boolean; className?: string }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className={className}>
      <path
        d="M15.5 3.2c.4-.5 1.2-.6 1.7-.1.4.4.4 1 .1 1.5l-.6.8c1.5.6 2.5 2 2.5 3.7 0 5.5-5.8 11.6-14.2 12.7-.9.1-1.3-1-.6-1.5 3.9-2.7 5.6-5.9 6.6-9.1.6-2 2.3-3.4 4.3-3.7z"
        className={muted ? "fill-stone-300" : "fill-chili-600"}
      />
      <path
        d="M16.6 5.3c.9-.9 2.5-1 3.6-.3l.8.5"
        fill="none"
        strokeWidth="1.8"
        strokeLinecap="round"
        className={muted ? "stroke-stone-400" : "stroke-green-700"}
      />
    </svg>
  );
}

export function ChiliMeter({ level, className = "" }: { level: number; className?: string }) {
  return (
    <span className={`inline-flex gap-0.5 ${className}`} aria-hidden="true">
      {Array.from({ length: MAX_LEVEL }, (_, index) => (
        <ChiliIcon key={index} muted={index >= level} />
      ))}
    </span>
  );
}
