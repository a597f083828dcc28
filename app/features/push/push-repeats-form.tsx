/** The owner's limit on push reminders for an order left in Baru (one store setting for every admin). */
import { useState } from "react";
import { useFetcher } from "react-router";
import { PUSH_URL, type PushAnswer } from "./push-answer.ts";
import { MAX_PUSH_REPEATS, PushRepeatsSchema } from "./push-repeats-schema.ts";

export function PushRepeatsForm({ repeats }: { repeats: number }) {
  const fetcher = useFetcher<PushAnswer>();
  const [error, setError] = useState<string | null>(null);
  const answer = fetcher.data?.intent === "ulangan" ? fetcher.data : undefined;
  const message = error ?? answer?.fieldErrors?.ulangan ?? null;
  return (
    <fetcher.Form
      method="post"
      action={PUSH_URL}
      noValidate
      className="mt-6 border-t border-stone-100 pt-4"
      onSubmit={(event) => {
        const checked = PushRepeatsSchema.safeParse({
          ulangan: new FormData(event.currentTarget).get("ulangan"),
        });
        setError(checked.success ? null : (checked.error.issues[0]?.message ?? null));
        if (!checked.success) event.preventDefault();
      }}
    >
      <input type="hidden" name="intent" value="ulangan" />
      <label htmlFor="push-ulangan" className="block font-semibold">
        Pengingat pesanan yang belum diterima
      </label>
      <p id="push-ulangan-info" className="text-sm text-stone-600">
        Selama pesanan masih Baru, push diulang setiap 2 menit sampai ada yang menekan Terima. 0 berarti tidak
        diulang. Berlaku untuk semua admin.
      </p>
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <input
          id="push-ulangan"
          name="ulangan"
          type="number"
          inputMode="numeric"
          min={0}
          max={MAX_PUSH_REPEATS}
          defaultValue={repeats}
          aria-describedby={message ? "push-ulangan-info push-ulangan-error" : "push-ulangan-info"}
          aria-invalid={message ? true : undefined}
          className="field-input w-24"
        />
        <span className="text-sm text-stone-700">kali paling banyak</span>
        <button type="submit" className="btn-secondary" disabled={fetcher.state !== "idle"}>
          Simpan pengingat
        </button>
      </div>
      {message ? (
        <p id="push-ulangan-error" role="alert" className="mt-2 text-sm font-semibold text-chili-700">
          {message}
        </p>
      ) : answer?.ok ? (
        <p role="status" className="mt-2 text-sm font-semibold text-green-800">
          {answer.message}
        </p>
      ) : null}
    </fetcher.Form>
  );
}
