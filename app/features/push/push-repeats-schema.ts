import { z } from "zod";

export const DEFAULT_PUSH_REPEATS = 5;
export const MAX_PUSH_REPEATS = 20;
const REPEATS_MESSAGE = `Isi jumlah pengingat dengan angka 0 sampai ${MAX_PUSH_REPEATS}.`;

export const PushRepeatsSchema = z.object({
  ulangan: z
    .string({ error: REPEATS_MESSAGE })
    .trim()
    .regex(/^\d{1,2}$/, REPEATS_MESSAGE)
    .transform(Number)
    .pipe(z.number().max(MAX_PUSH_REPEATS, REPEATS_MESSAGE)),
});
