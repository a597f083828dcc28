import { formatRupiah } from "~/lib/format.ts";
import { SPICE_LEVELS, type LevelChoice } from "~/features/catalog/spice-levels.ts";
import { ChiliMeter } from "./spice-level-icons.tsx";

// A dish's levels as radio buttons (0023); a sold-out level shows but cannot be chosen.
// From state in the dialog: Chromium does not restyle `:has(:checked)` when React sets `checked`.
const selectedStyle = (selected: boolean | null) =>
  selected === null
    ? "border-stone-200 has-[:checked]:border-chili-600 has-[:checked]:bg-chili-50"
    : selected
      ? "border-chili-600 bg-chili-50"
      : "border-stone-200";

export function SpiceLevelChoices({
  name,
  levels,
  chosen,
  initial,
  onChoose,
}: {
  name: string;
  levels: readonly LevelChoice[];
  chosen?: number | null;
  initial?: number | null;
  onChoose?(level: number): void;
}) {
  return (
    <ul className="flex flex-col gap-2">
      {levels.map((entry) => (
        <li key={entry.id}>
          <label
            className={`flex items-center gap-3 rounded-2xl border-2 px-3 py-2 transition has-[:focus-visible]:outline has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-ember-500 ${
              entry.tersedia ? "cursor-pointer" : "bg-stone-50 opacity-70"
            } ${selectedStyle(onChoose ? chosen === entry.level : null)}`}
            data-selected={onChoose ? chosen === entry.level : undefined}
          >
            <input
              type="radio"
              name={name}
              value={entry.level}
              required
              disabled={!entry.tersedia}
              {...(onChoose
                ? { checked: chosen === entry.level, onChange: () => onChoose(entry.level) }
                : { defaultChecked: entry.tersedia && initial === entry.level })}
              className="size-5 shrink-0 accent-chili-600"
            />
            <span className="flex min-w-0 flex-1 flex-col">
              <span className="leading-snug font-bold">
                {entry.nama}{" "}
                <span className="font-semibold text-stone-600">· {SPICE_LEVELS[entry.level]?.nama}</span>
              </span>
              <span className="text-xs leading-snug text-stone-600 sm:text-sm">
                {entry.tersedia ? SPICE_LEVELS[entry.level]?.deskripsi : "Sedang habis."}
              </span>
              <span className="text-sm font-extrabold text-chili-700" data-testid="level-price">
                {formatRupiah(entry.harga)}
              </span>
            </span>
            <ChiliMeter level={entry.level} className="shrink-0 self-start pt-1 sm:self-center sm:pt-0" />
          </label>
        </li>
      ))}
    </ul>
  );
}
