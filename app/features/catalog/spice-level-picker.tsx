import { useEffect, useId, useRef, useState } from "react";
import { MAX_LEVEL, SPICE_LEVELS } from "~/features/catalog/spice-levels.ts";

/** A red chilli; `muted` draws it pale (a level below this one). */
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

/** `level` of five chillies coloured, the rest pale. */
export function ChiliMeter({ level, className = "" }: { level: number; className?: string }) {
  return (
    <span className={`inline-flex gap-0.5 ${className}`} aria-hidden="true">
      {Array.from({ length: MAX_LEVEL }, (_, index) => (
        <ChiliIcon key={index} muted={index >= level} />
      ))}
    </span>
  );
}

/**
 * Asks for the spice level of a dish before it goes into the cart: six choices (Level 0
 * "Tidak pedas" to Level 5), each with its description and chillies. A native <dialog>: focus is
 * trapped, Escape cancels, the page behind is inert. The choice is required.
 */
export function SpiceLevelPicker({
  open,
  itemName,
  onChoose,
  onCancel,
}: {
  open: boolean;
  itemName: string;
  onChoose(level: number): void;
  onCancel(): void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const errorId = useId();
  const name = useId();
  const [chosen, setChosen] = useState<number | null>(null);
  const [error, setError] = useState(false);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      setChosen(null);
      setError(false);
      dialog.showModal();
    }
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget) onCancel();
      }}
      className="m-auto max-h-[calc(100dvh-2rem)] w-[min(28rem,calc(100vw-2rem))] rounded-3xl bg-white p-0 text-charcoal shadow-2xl backdrop:bg-black/50"
    >
      {/* The list scrolls on short screens; the title and the buttons stay in view. */}
      <form
        className="flex max-h-[calc(100dvh-2rem)] flex-col gap-3 p-4 sm:gap-4 sm:p-6"
        onSubmit={(event) => {
          event.preventDefault();
          if (chosen === null) {
            setError(true);
            return;
          }
          onChoose(chosen);
        }}
      >
        <div>
          <h2 id={titleId} className="text-xl font-extrabold">
            Pilih level pedas
          </h2>
          <p className="text-sm text-stone-600">{itemName}</p>
        </div>
        <fieldset
          aria-describedby={error ? errorId : undefined}
          className="-mx-1 min-h-0 overflow-y-auto px-1 py-1"
        >
          <legend className="sr-only">Level pedas untuk {itemName}</legend>
          <ul className="flex flex-col gap-2">
            {SPICE_LEVELS.map((entry) => (
              <li key={entry.level}>
                <label className="flex cursor-pointer items-center gap-3 rounded-2xl border-2 border-stone-200 px-3 py-2 transition has-[:checked]:border-chili-600 has-[:checked]:bg-chili-50 has-[:focus-visible]:outline has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-ember-500">
                  <input
                    type="radio"
                    name={name}
                    value={entry.level}
                    checked={chosen === entry.level}
                    onChange={() => {
                      setChosen(entry.level);
                      setError(false);
                    }}
                    className="size-5 shrink-0 accent-chili-600"
                  />
                  <span className="flex min-w-0 flex-1 flex-col">
                    <span className="leading-snug font-bold">
                      Level {entry.level} <span className="font-semibold text-stone-600">· {entry.nama}</span>
                    </span>
                    <span className="text-xs leading-snug text-stone-600 sm:text-sm">{entry.deskripsi}</span>
                  </span>
                  <ChiliMeter
                    level={entry.level}
                    className="shrink-0 self-start pt-1 sm:self-center sm:pt-0"
                  />
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
        {error ? (
          <p id={errorId} role="alert" className="text-sm font-semibold text-chili-700">
            Pilih salah satu level pedas dulu.
          </p>
        ) : null}
        <div className="grid shrink-0 grid-cols-2 gap-2">
          <button type="button" className="btn-secondary" onClick={onCancel}>
            Batal
          </button>
          <button type="submit" className="btn-primary">
            Tambah ke keranjang
          </button>
        </div>
      </form>
    </dialog>
  );
}
