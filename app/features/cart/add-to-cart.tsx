import { lazy, Suspense, useEffect, useState } from "react";
import { useLocation } from "react-router";
import type { MenuItemView } from "~/features/catalog/catalog.server.ts";
import { spiceLevelLabel } from "~/features/catalog/spice-levels.ts";
import { CartIcon } from "~/components/ui/icons.tsx";
import { addPending } from "./cart-count.ts";
import { writeCart } from "./cart-writer.tsx";
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
 * A product card's "Tambah". Without JavaScript it is a form: an item without spice levels is
 * posted to the cart (POST /keranjang, then back to this page with a notice), an item with levels
 * opens the level page (GET /keranjang/tambah). With JavaScript the same button adds at once
 * (the header's count moves before the server answers) or first asks for the level in a dialog.
 */
export function AddToCartButton({
  item,
  className = "btn-secondary",
}: {
  item: MenuItemView;
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
        Habis<span className="sr-only">: {item.nama} tidak bisa ditambahkan ke keranjang</span>
      </button>
    );
  }

  const addAt = (level?: number) => {
    setProblem(null);
    setAdded(level === undefined ? item.nama : `${item.nama} (${spiceLevelLabel(level)})`);
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

  return (
    <>
      <form
        method={item.takes_level ? "get" : "post"}
        action={item.takes_level ? "/keranjang/tambah" : "/keranjang"}
        className="contents"
        onSubmit={(event) => {
          event.preventDefault();
          if (!item.takes_level) return addAt();
          setPickerBuilt(true);
          setPicking(true);
        }}
      >
        {item.takes_level ? null : <input type="hidden" name="intent" value={ADD_INTENT} />}
        <input type="hidden" name="menu" value={item.id} />
        <input type="hidden" name="kembali" value={kembali} />
        <button
          type="submit"
          className={className}
          aria-haspopup={item.takes_level ? "dialog" : undefined}
          aria-busy={saving > 0 || undefined}
        >
          <CartIcon className="size-5" />
          {added ? "Ditambahkan" : "Tambah"}
          <span className="sr-only"> {item.nama} ke keranjang</span>
        </button>
      </form>
      <span role="status" className="sr-only">
        {added ? `${added} ditambahkan ke keranjang` : ""}
      </span>
      {problem ? (
        <p role="alert" className="col-span-full text-sm font-semibold text-chili-700">
          {problem}
        </p>
      ) : null}
      {item.takes_level && pickerBuilt ? (
        <Suspense fallback={null}>
          <SpiceLevelPicker
            open={picking}
            itemName={item.nama}
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
