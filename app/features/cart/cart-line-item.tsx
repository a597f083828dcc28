import { useEffect, useId, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { MinusIcon, PlusIcon, TrashIcon } from "~/ui/icons.tsx";
import { ChiliMeter } from "~/features/catalog/spice-level-icons.tsx";
import { spiceLevelLabel } from "~/features/catalog/spice-levels.ts";
import { pictureSrcSet } from "~/features/media/images.ts";
import { formatRupiah } from "~/lib/format.ts";
import { lineSubtotal, MAX_NOTE_LENGTH, MAX_QUANTITY, type CartLineView } from "./cart.ts";
import { FETCH_MODE, type FormAnswer } from "~/lib/form-answer.ts";
import { updateCartCount, type CartDone } from "./cart-count.ts";
import {
  LINE_FETCHER_PREFIX,
  levelField,
  noteField,
  quantityIntent,
  removeIntent,
  SAVE_INTENT,
} from "./cart-form.ts";
import { forgetNoteDraft, noteDraft, saveNoteDraft } from "./note-drafts.ts";

const NOTE_SAVE_MS = 500;

const lineLabel = (line: CartLineView) =>
  line.level === undefined ? line.nama : `${line.nama} (Level ${line.level})`;

// Without JavaScript each button posts the whole form, so what was typed elsewhere is kept too.
export function CartLineItem({ line, onProblem }: { line: CartLineView; onProblem(message: string): void }) {
  const fetcher = useFetcher<FormAnswer<CartDone>>({ key: `${LINE_FETCHER_PREFIX}${line.key}` });
  const soldOut = line.problem === "habis";
  const label = lineLabel(line);
  const levelId = useId();
  const noteId = useId();
  const noteRef = useRef<HTMLInputElement>(null);
  const levelRef = useRef<HTMLSelectElement>(null);
  const noteTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const [noteLength, setNoteLength] = useState(Array.from(line.catatan).length);

  const intent = fetcher.formData?.get("intent");
  const pendingQuantity =
    typeof intent === "string" && intent.startsWith("jumlah:") ? Number(intent.split(":")[2]) : null;
  const jumlah = pendingQuantity ?? line.jumlah;

  const send = (values: Record<string, string>) =>
    fetcher.submit(
      { ...values, [FETCH_MODE.name]: FETCH_MODE.value },
      { method: "post", action: "/keranjang" },
    );

  const saveNote = () => {
    if (noteTimer.current) clearTimeout(noteTimer.current);
    noteTimer.current = null;
    const value = noteRef.current?.value ?? "";
    if (value !== line.catatan) void send({ intent: SAVE_INTENT, [noteField(line.key)]: value });
  };

  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    if (fetcher.data.status === "success") {
      updateCartCount(fetcher.data.cart);
      if (noteRef.current?.value === line.catatan) forgetNoteDraft(line.key);
    } else {
      onProblem(fetcher.data.message);
    }
  }, [fetcher.state, fetcher.data, line.key, line.catatan, onProblem]);

  // Once its code runs, the line saves a note or level chosen before it came, or kept from a reload.
  useEffect(() => {
    const input = noteRef.current;
    const draft = noteDraft(line.key);
    if (input && draft !== null && input.value === line.catatan) input.value = draft;
    const values: Record<string, string> = {};
    if (input && input.value !== line.catatan) {
      values[noteField(line.key)] = input.value;
      setNoteLength(Array.from(input.value).length);
    } else if (draft !== null) {
      forgetNoteDraft(line.key);
    }
    const level = levelRef.current?.value;
    if (level && level !== String(line.level ?? "")) values[levelField(line.key)] = level;
    if (Object.keys(values).length > 0) void send({ intent: SAVE_INTENT, ...values });
    // Once, for the line as it was first drawn.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => () => void (noteTimer.current && clearTimeout(noteTimer.current)), []);

  if (typeof intent === "string" && intent.startsWith("hapus:")) return null;

  const quantityButton = (next: number, text: string, Icon: typeof PlusIcon, disabled: boolean) => (
    <button
      type="submit"
      name="intent"
      value={quantityIntent(line.key, next)}
      formAction="/keranjang"
      disabled={disabled}
      onClick={(event) => {
        event.preventDefault();
        void send({ intent: quantityIntent(line.key, next) });
      }}
      className="inline-flex size-11 items-center justify-center rounded-full disabled:opacity-40"
      aria-label={`${text} ${label}`}
    >
      <Icon className="size-4" />
    </button>
  );

  return (
    <li
      className={`card flex gap-4 p-4 ${soldOut ? "bg-stone-50" : ""}`}
      data-testid="cart-line"
      data-level={line.level}
      data-sold-out={soldOut ? "true" : undefined}
    >
      {line.gambar ? (
        <img
          src={line.gambar}
          srcSet={pictureSrcSet(line.gambar, "menu")}
          sizes="96px"
          alt=""
          // Lazy: otherwise React waits for a picture in a part it may reveal later (lib/lazy-component.ts).
          loading="lazy"
          width={96}
          height={72}
          className={`h-16 w-20 shrink-0 rounded-2xl bg-chili-50 object-cover sm:h-18 sm:w-24 ${
            soldOut ? "opacity-60 grayscale" : ""
          }`}
        />
      ) : null}
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <div className="flex items-start justify-between gap-2">
          <div className="min-w-0">
            <h2 className="font-extrabold">{line.nama}</h2>
            {line.level !== undefined && (!line.takesLevel || soldOut) ? (
              <p
                className="flex items-center gap-1.5 text-sm font-semibold text-chili-700"
                data-testid="line-level"
              >
                {spiceLevelLabel(line.level)} <ChiliMeter level={line.level} />
              </p>
            ) : null}
            <p className="text-sm text-stone-600">{formatRupiah(line.harga)} / porsi</p>
            {soldOut ? (
              <p className="mt-1 inline-flex items-center gap-2 text-sm font-semibold text-stone-700">
                <span className="rounded-full bg-stone-700 px-2.5 py-0.5 text-xs font-bold text-white uppercase">
                  Habis
                </span>
                Tidak ikut dipesan
              </p>
            ) : null}
          </div>
          <button
            type="submit"
            name="intent"
            value={removeIntent(line.key)}
            formAction="/keranjang"
            onClick={(event) => {
              event.preventDefault();
              void send({ intent: removeIntent(line.key) });
            }}
            className="inline-flex size-11 shrink-0 items-center justify-center rounded-full text-stone-500 hover:bg-chili-50 hover:text-chili-700"
            aria-label={`Hapus ${label}`}
          >
            <TrashIcon className="size-5" />
          </button>
        </div>

        {line.takesLevel && !soldOut ? (
          <div>
            <div className="flex items-center justify-between">
              <label htmlFor={levelId} className="field-label">
                Level pedas
              </label>
              {line.level !== undefined ? <ChiliMeter level={line.level} className="mb-1.5" /> : null}
            </div>
            <select
              ref={levelRef}
              id={levelId}
              name={levelField(line.key)}
              defaultValue={line.problem === "pilih-level" ? "" : (line.level ?? "")}
              onChange={(event) => {
                void send({ intent: SAVE_INTENT, [levelField(line.key)]: event.target.value });
              }}
              aria-invalid={line.problem === "pilih-level" ? true : undefined}
              className={`field-input py-2 pr-8 pl-3 ${line.problem === "pilih-level" ? "border-chili-600 ring-2 ring-chili-600/30" : ""}`}
            >
              {line.problem === "pilih-level" ? (
                <option value="" disabled>
                  Pilih level pedas
                </option>
              ) : null}
              {line.levels.map((entry) => (
                <option key={entry.id} value={entry.level} disabled={!entry.tersedia}>
                  Level {entry.level} · {formatRupiah(entry.harga)}
                  {entry.tersedia ? "" : " (habis)"}
                </option>
              ))}
            </select>
            {line.problem === "pilih-level" ? (
              <p className="mt-1 text-sm font-semibold text-chili-700">
                {line.level === undefined
                  ? "Pilih level pedas untuk menu ini."
                  : `Level ${line.level} dipilih sebelum tiap level punya menu dan harganya sendiri. Pilih levelnya lagi: harga mengikuti level.`}
              </p>
            ) : null}
          </div>
        ) : null}

        <div className="flex flex-wrap items-center justify-between gap-2">
          {soldOut ? (
            <p className="text-sm text-stone-600">
              {line.jumlah} porsi<span className="sr-only"> {label}</span>
            </p>
          ) : (
            <div
              className="flex items-center rounded-full border border-stone-300"
              role="group"
              aria-label={`Jumlah ${label}`}
            >
              {quantityButton(jumlah - 1, "Kurangi", MinusIcon, jumlah <= 1)}
              <output className="w-8 text-center font-bold" aria-live="polite" data-testid="quantity">
                {jumlah}
              </output>
              {quantityButton(jumlah + 1, "Tambah", PlusIcon, jumlah >= MAX_QUANTITY)}
            </div>
          )}
          <p
            className={`font-extrabold ${soldOut ? "text-stone-400 line-through" : ""}`}
            data-testid="subtotal"
          >
            {formatRupiah(lineSubtotal({ harga: line.harga, jumlah }))}
          </p>
        </div>

        {soldOut ? null : (
          <div>
            <div className="flex items-baseline justify-between">
              <label htmlFor={noteId} className="field-label">
                Catatan <span className="font-normal text-stone-500">(opsional)</span>
              </label>
              <span className="text-xs text-stone-500" aria-hidden="true">
                {noteLength}/{MAX_NOTE_LENGTH}
              </span>
            </div>
            <input
              ref={noteRef}
              id={noteId}
              type="text"
              name={noteField(line.key)}
              defaultValue={line.catatan}
              maxLength={MAX_NOTE_LENGTH}
              onChange={(event) => {
                setNoteLength(Array.from(event.target.value).length);
                saveNoteDraft(line.key, event.target.value);
                if (noteTimer.current) clearTimeout(noteTimer.current);
                noteTimer.current = setTimeout(saveNote, NOTE_SAVE_MS);
              }}
              onBlur={() => noteTimer.current && saveNote()}
              placeholder="Contoh: tanpa sayur, kuah dipisah"
              className="field-input py-2"
              data-testid="line-note"
            />
          </div>
        )}
      </div>
    </li>
  );
}
