import { useRef, type ComponentProps, type ComponentType, type FormEvent } from "react";
import type { FetcherFormProps } from "react-router";
import type * as choices from "~/features/catalog/spice-level-choices.tsx";
import { firstUseComponent } from "~/lib/lazy-component.ts";
import { formatRupiah } from "~/lib/format.ts";
import { WhatsAppIcon } from "~/ui/icons.tsx";
import { firstMessages, sentBack, type FormAnswer } from "~/lib/form-answer.ts";
import { SUBMISSION_FIELD, type CheckoutRecorded } from "./checkout.ts";
import { useDetailsCheck } from "./checkout-details-check.ts";
import type { WhatsAppTab } from "./whatsapp-tab.ts";
import { CheckoutDetailsFields } from "./checkout-details-fields.tsx";
import { priceField, type QuickOrderPage } from "./quick-order.ts";

type FormTag = ComponentType<FetcherFormProps>;

/** Plain radio buttons until the first tap: their code comes then (decision 0042). */
const SpiceLevelChoices = firstUseComponent<ComponentProps<typeof choices.SpiceLevelChoices>>(() =>
  import("~/features/catalog/spice-level-choices.tsx").then((module) => ({
    default: module.SpiceLevelChoices,
  })),
);

// The quick checkout's form (0038); `Form` is the page's, posting to itself (`action` for one elsewhere).
export function QuickOrderForm({
  page,
  answer,
  Form,
  action,
  sending = false,
  whatsApp,
}: {
  page: QuickOrderPage;
  answer: FormAnswer<CheckoutRecorded> | undefined;
  Form: FormTag;
  action?: string;
  sending?: boolean;
  whatsApp: Pick<WhatsAppTab, "openFor">;
}) {
  const { item, family, levels, busy, limits, form } = page;
  // Checked in the page with the checkout's messages (never the browser's bubble); an early tap waits.
  const details = useDetailsCheck(form.slots);
  const passed = useRef(false);
  const send = (event: FormEvent<HTMLFormElement>) => {
    if (passed.current) return void (passed.current = false);
    const target = event.currentTarget;
    const verdict = details.check(target);
    // Refused, or the check still loading: the form waits. Passed at once: it goes as tapped.
    if (verdict !== true) event.preventDefault();
    whatsApp.openFor(verdict, () => {
      if (verdict !== true) {
        passed.current = true;
        target.requestSubmit();
      }
    });
  };
  const refused = answer?.status === "error" ? answer : null;
  const typed = refused?.result ? sentBack(refused.result) : null;
  const choosing = levels.length > 1;
  const shown = choosing ? levels : [item];
  if (!shown.some((entry) => entry.tersedia)) {
    return <p className="font-semibold text-stone-700">{family ?? item.nama} sedang habis.</p>;
  }
  return (
    <Form method="post" action={action} onSubmit={send} noValidate className="flex flex-col gap-4">
      {busy ? <p className="rounded-2xl bg-amber-50 px-4 py-3 font-semibold text-amber-900">{busy}</p> : null}
      {refused ? (
        <p role="alert" className="font-semibold text-chili-800" data-testid="quick-order-error">
          {refused.message}
        </p>
      ) : null}
      <input type="hidden" name="menu" value={item.id} />
      <input type="hidden" name={SUBMISSION_FIELD} value={page.submission} />
      {shown.map((entry) => (
        <input key={entry.id} type="hidden" name={priceField(entry.id)} value={entry.harga} />
      ))}
      {choosing ? (
        <fieldset>
          <legend className="field-label">Level pedas {family}</legend>
          <SpiceLevelChoices
            name="level"
            levels={levels}
            initial={typed?.level ? Number(typed.level) : item.level}
          />
        </fieldset>
      ) : (
        <p className="text-lg font-extrabold text-chili-700">{formatRupiah(item.harga)} / porsi</p>
      )}
      <div className="grid grid-cols-[6rem_1fr] gap-3">
        <div>
          <label htmlFor="f-jumlah" className="field-label">
            Jumlah
          </label>
          <input
            id="f-jumlah"
            name="jumlah"
            type="number"
            inputMode="numeric"
            min={1}
            max={limits.jumlah}
            defaultValue={typed?.jumlah ?? 1}
            required
            className="field-input"
          />
        </div>
        <div>
          <label htmlFor="f-catatan" className="field-label">
            Catatan <span className="font-normal text-stone-500">(opsional)</span>
          </label>
          <input
            id="f-catatan"
            name="catatan"
            maxLength={limits.catatan}
            defaultValue={typed?.catatan}
            placeholder="Misalnya: tanpa daun bawang"
            className="field-input"
          />
        </div>
      </div>
      <CheckoutDetailsFields
        check={details}
        initial={typed ?? form.remembered}
        slots={form.slots}
        errors={firstMessages(refused?.result)}
        methods={form.methods}
      />
      <button type="submit" className="btn-whatsapp w-full text-lg" disabled={sending}>
        <WhatsAppIcon className="size-6" />
        {sending ? "Mencatat pesanan…" : "Pesan via WhatsApp"}
      </button>
    </Form>
  );
}
