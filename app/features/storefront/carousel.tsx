import { useCallback, useEffect, useRef, useState } from "react";
import type { SlideView } from "~/features/catalog/catalog.server.ts";
import { pictureSrcSet, SLIDE_IMAGE } from "~/features/media/images.ts";
import { ChevronLeftIcon, ChevronRightIcon, WhatsAppIcon } from "~/ui/icons.tsx";
import { PictureBox } from "~/ui/picture-box.tsx";
import { QuickOrderLink } from "./quick-order-link.tsx";

const AUTOPLAY_MS = 5000;

// Scroll-snap: swiping is the browser's scrolling (it works before the script); it advances every 5 s unless
// hovered, focused, hidden or reduced motion is asked. A sold-out dish's slide shows a disabled "Habis".
export function Carousel({ slides }: { slides: SlideView[] }) {
  const trackRef = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);

  // Set while a button, dot or key scrolls: the slides passed on the way must not become current.
  const targetRef = useRef<number | null>(null);

  const goTo = useCallback(
    (index: number) => {
      const track = trackRef.current;
      if (!track || slides.length === 0) return;
      const next = (index + slides.length) % slides.length;
      targetRef.current = next;
      const reduceMotion = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
      track.scrollTo({ left: next * track.clientWidth, behavior: reduceMotion ? "instant" : "smooth" });
      setActive(next);
    },
    [slides.length],
  );

  useEffect(() => {
    if (hovered || focused || slides.length < 2) return;
    if (window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;
    const timer = setInterval(() => {
      if (!document.hidden) goTo(active + 1);
    }, AUTOPLAY_MS);
    return () => clearInterval(timer);
  }, [active, hovered, focused, goTo, slides.length]);

  const syncWithScroll = (settled: boolean) => {
    const track = trackRef.current;
    if (!track || track.clientWidth === 0) return;
    const index = Math.min(Math.round(track.scrollLeft / track.clientWidth), slides.length - 1);
    if (targetRef.current !== null) {
      const arrived =
        index === targetRef.current && Math.abs(track.scrollLeft - index * track.clientWidth) < 2;
      if (!arrived && !settled) return;
      targetRef.current = null;
    }
    if (index !== active) setActive(index);
  };

  if (slides.length === 0) return null;

  return (
    <section
      aria-roledescription="carousel"
      aria-label="Menu pilihan"
      className="relative"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
      onKeyDown={(event) => {
        if (event.key === "ArrowLeft") {
          event.preventDefault();
          goTo(active - 1);
        } else if (event.key === "ArrowRight") {
          event.preventDefault();
          goTo(active + 1);
        }
      }}
    >
      <div
        ref={trackRef}
        onScroll={() => syncWithScroll(false)}
        onScrollEnd={() => syncWithScroll(true)}
        className="flex snap-x snap-mandatory overflow-x-auto overscroll-x-contain rounded-[2rem] [scrollbar-width:none] [&::-webkit-scrollbar]:hidden"
        aria-live={hovered || focused ? "polite" : "off"}
      >
        {slides.map((slide, index) => {
          const { soldOut } = slide;
          return (
            <div
              key={slide.id}
              role="group"
              aria-roledescription="slide"
              aria-label={`${index + 1} dari ${slides.length}`}
              className="relative w-full shrink-0 snap-start bg-charcoal"
              inert={index !== active ? true : undefined}
              data-sold-out={soldOut ? "true" : undefined}
            >
              <PictureBox
                boxClassName="aspect-[16/10] w-full sm:aspect-[2/1]"
                src={slide.image}
                srcSet={pictureSrcSet(slide.image, "slide")}
                // On phones the 2:1 picture covers a 16:10 box, so it is drawn 1.25 times as wide.
                sizes="(min-width: 1152px) 1120px, (min-width: 640px) calc(100vw - 2rem), calc(125vw - 2.5rem)"
                alt=""
                {...SLIDE_IMAGE}
                loading={index === 0 ? "eager" : "lazy"}
                fetchPriority={index === 0 ? "high" : "auto"}
                // The first frame is not held back while the picture is decoded.
                decoding="async"
                className="object-right"
              />
              <div className="flex flex-col px-5 pt-4 pb-12 text-white sm:absolute sm:inset-y-0 sm:left-0 sm:w-2/3 sm:justify-center sm:bg-gradient-to-r sm:from-black/70 sm:via-black/40 sm:to-transparent sm:py-12 sm:pr-12 sm:pl-20">
                <h2 className="text-2xl font-extrabold sm:text-4xl">{slide.title}</h2>
                <p className="mt-2 max-w-md text-base sm:text-lg">{slide.text}</p>
                {soldOut ? (
                  <button
                    type="button"
                    disabled
                    className="mt-4 inline-flex min-h-11 w-fit cursor-not-allowed items-center justify-center rounded-full bg-stone-500 px-5 py-2.5 font-bold text-stone-100"
                  >
                    Habis
                    <span className="sr-only">: {slide.orderName} sedang habis dan tidak bisa dipesan</span>
                  </button>
                ) : slide.menuItemId ? (
                  <QuickOrderLink menuId={slide.menuItemId} className="btn-whatsapp mt-4 w-fit">
                    <WhatsAppIcon className="size-5" />
                    Pesan Sekarang<span className="sr-only"> {slide.orderName}</span>
                  </QuickOrderLink>
                ) : (
                  <a href="/produk" className="btn-primary mt-4 w-fit">
                    Lihat menu<span className="sr-only"> {slide.orderName}</span>
                  </a>
                )}
              </div>
            </div>
          );
        })}
      </div>

      {slides.length > 1 ? (
        <>
          <button
            type="button"
            onClick={() => goTo(active - 1)}
            className="absolute top-1/2 left-3 hidden size-11 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 text-charcoal shadow sm:inline-flex"
            aria-label="Slide sebelumnya"
          >
            <ChevronLeftIcon className="size-6" />
          </button>
          <button
            type="button"
            onClick={() => goTo(active + 1)}
            className="absolute top-1/2 right-3 hidden size-11 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 text-charcoal shadow sm:inline-flex"
            aria-label="Slide berikutnya"
          >
            <ChevronRightIcon className="size-6" />
          </button>
          <div className="absolute inset-x-0 bottom-3 flex justify-center gap-1">
            {slides.map((slide, index) => (
              <button
                key={slide.id}
                type="button"
                onClick={() => goTo(index)}
                className="group inline-flex size-8 items-center justify-center"
                aria-label={`Tampilkan slide ${index + 1}: ${slide.title}`}
                aria-current={index === active ? "true" : undefined}
              >
                <span
                  className={`block h-2.5 rounded-full transition-all ${
                    index === active ? "w-7 bg-white" : "w-2.5 bg-white/60 group-hover:bg-white/90"
                  }`}
                />
              </button>
            ))}
          </div>
        </>
      ) : null}
    </section>
  );
}
