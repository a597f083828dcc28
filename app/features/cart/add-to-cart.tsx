import { lazy, Suspense, useEffect, useState } from "react";
import { useLocation } from "react-router";
import type { MenuItemView } from "~/features/catalog/catalog.server.ts";
import { CartIcon } from "~/ui/icons.tsx";
import { addPending } from "./cart-count.ts";
import { writeCart } from "./cart-writer.ts";
import { ADD_INTENT } from "./cart-form.ts";

/**
 * The level dialog is fetched at the first tap on a dish with levels, not with every page: most
 * visits never open it, and every page's JavaScript counts against the storefront's budget.
 */
const SpiceLevelPicker = lazy(() =>
  import("~/features/catalog/spice-level-picker.tsx").then((module) => ({
    default: module.SpiceLevelPicker,
  })),
);

/** The page a "Tambah" without JavaScript returns to: this one, without the last "added" notice. */
function useReturnPath(): string {
  const { pathname, search } = useLocation();
  const params = new URLSearchParams(search);
  params.delete("ditambahkan");
  params.delete("level");
  const rest = params.toString();
  return rest ? `${pathname}?${rest}` : pathname;
}

/**
 * A product card's "Tambah". Without JavaScript it is a form: an item without a choice of levels
 * is posted to the cart (POST /keranjang, then back to this page with a notice), a dish with
 * levels opens the level page (GET /keranjang/tambah). With JavaScript the same button adds at
 * once (the header's count moves before the server answers) or first asks for the level in a
 * dialog. A level is a menu item of its own (docs/decisions/0023-spice-level-families.md): the
 * server adds the family's item at the chosen level, at that item's price.
 */
export function AddToCartButton({
  item,
  nama = item.nama,
  className = "btn-secondary",
}: {
  item: MenuItemView;
  /** What the card is called (a dish with levels: the dish). */
  nama?: string;
  className?: string;
}) {
  const kembali = useReturnPath();
  const [added, setAdded] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [picking, setPicking] = useState(false);
  // Taps of this button whose answer has not arrived (pages without the header's count say so here).
  const [saving, setSaving] = useState(0);
  // The picker (six levels, thirty chillies) is fetched and built on the first tap; once built it
  // stays, so closing it returns the focus to this button.
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

  // A dish with levels to choose from: the dialog lists its family's levels, each its own item and price.
  const picks = item.level_family !== null && item.levels.length > 1;
  const addAt = (level?: number) => {
    setProblem(null);
    setAdded(item.levels.find((entry) => entry.level === level)?.nama ?? item.nama);
    // Counted in the header at once; the server's answer (or its refusal) settles it.
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
