// The board's "Porsi hari ini": today's portions left, each changed by a plain form (0044).
import { Form } from "react-router";
import type { TodaysPortion } from "../../catalog/portions.server.ts";
import { FEW_PORTIONS, MAX_PORTIONS } from "../../catalog/portions.ts";

export function PortionsPanel({ portions }: { portions: readonly TodaysPortion[] }) {
  if (portions.length === 0) return null;
  const low = portions.filter((item) => item.sisa <= FEW_PORTIONS).length;
  return (
    <details className="card p-4" data-testid="portions-panel">
      <summary className="cursor-pointer font-extrabold">
        Porsi hari ini{low > 0 ? ` · ${low} menipis atau habis` : ""}
      </summary>
      <ul className="mt-3 grid gap-2 sm:grid-cols-2">
        {portions.map((item) => (
          <li key={item.id}>
            <Form method="post" className="flex flex-wrap items-end gap-2" data-testid="portion-row">
              <input type="hidden" name="intent" value="porsi" />
              <input type="hidden" name="id" value={item.id} />
              <label className="grid flex-1 gap-1 text-sm">
                <span className="font-semibold">
                  {item.nama}{" "}
                  <span className="font-normal text-stone-600">
                    (sisa {item.sisa} dari {item.porsiHarian})
                  </span>
                </span>
                <input
                  name="sisa"
                  type="number"
                  min={0}
                  max={MAX_PORTIONS}
                  required
                  inputMode="numeric"
                  defaultValue={item.sisa}
                  key={item.sisa}
                  className="field-input min-h-12"
                  aria-label={`Sisa ${item.nama} hari ini`}
                />
              </label>
              <button type="submit" className="btn-secondary min-h-12">
                Simpan
              </button>
            </Form>
          </li>
        ))}
      </ul>
    </details>
  );
}
