// The lead time form: minutes from now to the first slot a customer may choose; one rule for page and action.
import { z } from "zod";
import { checkedText } from "../../lib/form-schema.ts";
import { MAX_LEAD_MINUTES } from "./order-slots.ts";

export const LEAD_MESSAGE = `Waktu persiapan diisi 0 sampai ${MAX_LEAD_MINUTES} menit, kelipatan 5.`;

export const LeadTimeSchema = z.object({
  lead_minutes: checkedText(LEAD_MESSAGE, (value) => {
    if (!/^\d{1,3}$/.test(value)) return false;
    const minutes = Number(value);
    return minutes <= MAX_LEAD_MINUTES && minutes % 5 === 0;
  }).transform(Number),
});
