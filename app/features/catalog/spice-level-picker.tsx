import { useEffect, useId, useRef, useState } from "react";
import type { LevelChoice } from "~/features/catalog/spice-levels.ts";
import { SpiceLevelChoices } from "./spice-level-choices.tsx";

// A native <dialog> asking a dish's level before it goes into the cart: focus trapped, Escape cancels.
export function SpiceLevelPicker({
  open,
  family,
  levels,
  initial,
  onChoose,
  onCancel,
}: {
  open: boolean;
  family: string;
  levels: readonly LevelChoice[];
  initial: number | null;
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
      setChosen(levels.some((entry) => entry.level === initial && entry.tersedia) ? initial : null);
      setError(false);
      dialog.showModal();
    }
    if (!open && dialog.open) dialog.close();
  }, [open, levels, initial]);

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
        noValidate
        className="flex max-h-[calc(100dvh-2rem)] flex-col gap-3 p-4 sm:gap-4 sm:p-6"
        onSubmit={(event) => {
          event.preventDefault();
          if (!levels.some((entry) => entry.level === chosen && entry.tersedia)) {
            setError(true);
            return;
          }
          onChoose(chosen!);
        }}
      >
        <div>
          <h2 id={titleId} className="text-xl font-extrabold">
            Pilih level pedas
          </h2>
          <p className="text-sm text-stone-600">{family}: harga mengikuti levelnya.</p>
        </div>
        <fieldset
          aria-describedby={error ? errorId : undefined}
          className="-mx-1 min-h-0 overflow-y-auto px-1 py-1"
        >
          <legend className="sr-only">Level pedas {family}</legend>
          <SpiceLevelChoices
            levels={levels}
            name={name}
            chosen={chosen}
            onChoose={(level) => {
              setChosen(level);
              setError(false);
            }}
          />
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
