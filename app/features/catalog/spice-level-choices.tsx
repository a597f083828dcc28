import { SPICE_LEVELS } from "~/features/catalog/spice-levels.ts";
import { ChiliMeter } from "./spice-level-icons.tsx";

/**
 * The six levels as radio buttons, each with its description and chillies: in the picker dialog
 * (controlled, `chosen`) and on the level page without JavaScript (a plain required choice).
 */
export function SpiceLevelChoices({
  name,
  chosen,
  onChoose,
}: {
  name: string;
  chosen?: number | null;
  onChoose?(level: number): void;
}) {
  return (
    <ul className="flex flex-col gap-2">
      {SPICE_LEVELS.map((entry) => (
        <li key={entry.level}>
          <label className="flex cursor-pointer items-center gap-3 rounded-2xl border-2 border-stone-200 px-3 py-2 transition has-[:checked]:border-chili-600 has-[:checked]:bg-chili-50 has-[:focus-visible]:outline has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-ember-500">
            <input
              type="radio"
              name={name}
              value={entry.level}
              required
              {...(onChoose
                ? { checked: chosen === entry.level, onChange: () => onChoose(entry.level) }
                : {})}
              className="size-5 shrink-0 accent-chili-600"
            />
            <span className="flex min-w-0 flex-1 flex-col">
              <span className="leading-snug font-bold">
                Level {entry.level} <span className="font-semibold text-stone-600">· {entry.nama}</span>
              </span>
              <span className="text-xs leading-snug text-stone-600 sm:text-sm">{entry.deskripsi}</span>
            </span>
            <ChiliMeter level={entry.level} className="shrink-0 self-start pt-1 sm:self-center sm:pt-0" />
          </label>
        </li>
      ))}
    </ul>
  );
}
