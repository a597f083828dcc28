import { lazy, Suspense, useEffect, useState } from "react";
import { useLocation } from "react-router";
import type { MenuItemView } from "~/features/catalog/catalog.server.ts";
import { CartIcon } from "~/ui/icons.tsx";
import { addPending } from "./cart-count.ts";
import { writeCart } from "./cart-writer.ts";
import { ADD_INTENT } from "./cart-form.ts";

// The level dialog is fetched at the first tap on a dish with levels, not with every page.
const SpiceLevelPicker = lazy(() =>
  import("~/features/catalog/spice-level-picker.tsx").then((module) => ({
    default: module.SpiceLevelPicker,
  })),
);

function useReturnPath(): string {
  const { pathname, search } = useLocation();
  const params = new URLSearchParams(search);
  params.delete("ditambahkan");
  params.delete("level");
  const rest = params.toString();
  return rest ? `${pathname}?${rest}` : pathname;
}

export function AddToCartButton({
  item,
  nama = item.nama,
  className = "btn-secondary",
}: {
  item: MenuItemView;
  nama?: string;
  className?: string;
}) {
  const kembali = useReturnPath();
  const [added, setAdded] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [picking, setPicking] = useState(false);
  const [saving, setSaving] = useState(0);
  // Built on the first tap, then kept, so closing it returns the focus to this button.
  const [pickerBuilt, setPickerBuilt] = useState(false);

  useEffect(() => {
    if (!added) return;
    const timer = setTimeout(() => setAdded(null), 1500);
    return () => clearTimeout(timer);
  }, [added]);

  if (!item.tersedia) {
    return (
      <button type="button" className={className} disabled>
        Habis<span className="sr-only">: {nama} tidak bisa ditambahkan ke keranjang</span>
      </button>
    );
  }

  const picks = item.level_family !== null && item.levels.length > 1;
  const addAt = (level?: number) => {
    setProblem(null);
    setAdded(item.levels.find((entry) => entry.level === level)?.nama ?? item.nama);
    const release = addPending(1);
    setSaving((taps) => taps + 1);
    void writeCart({
      intent: ADD_INTENT,
      menu: item.id,
      ...(level === undefined ? {} : { level: String(level) }),
    })
      .then((answer) => {
        if (answer?.status === "error") {
          setAdded(null);
          setProblem(answer.message);
        }
      })
      .finally(() => {
        release();
        setSaving((taps) => taps - 1);
      });
  };

  // Another level than the card's went in: the card says which, not "Ditambahkan".
  const addedHere = added !== null && (added === item.nama || nama !== item.nama);
  return (
    <>
      <form
        method={picks ? "get" : "post"}
        action={picks ? "/keranjang/tambah" : "/keranjang"}
        className="contents"
        onSubmit={(event) => {
          event.preventDefault();
          if (!picks) return addAt(item.level ?? undefined);
          setPickerBuilt(true);
          setPicking(true);
        }}
      >
        {picks ? null : <input type="hidden" name="intent" value={ADD_INTENT} />}
        <input type="hidden" name="menu" value={item.id} />
        <input type="hidden" name="kembali" value={kembali} />
        <button
          type="submit"
          className={className}
          aria-haspopup={picks ? "dialog" : undefined}
          aria-busy={saving > 0 || undefined}
        >
          <CartIcon className="size-5" />
          {addedHere ? "Ditambahkan" : "Tambah"}
          <span className="sr-only"> {nama} ke keranjang</span>
        </button>
      </form>
      <span
        role="status"
        className={added && !addedHere ? "col-span-full text-sm font-semibold text-green-800" : "sr-only"}
        data-testid="added-other-level"
      >
        {added ? `${added} ditambahkan ke keranjang` : ""}
      </span>
      {problem ? (
        <p role="alert" className="col-span-full text-sm font-semibold text-chili-700">
          {problem}
        </p>
      ) : null}
      {picks && pickerBuilt ? (
        <Suspense fallback={null}>
          <SpiceLevelPicker
            open={picking}
            family={item.level_family!}
            levels={item.levels}
            initial={item.level}
            onCancel={() => setPicking(false)}
            onChoose={(level) => {
              setPicking(false);
              addAt(level);
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}
