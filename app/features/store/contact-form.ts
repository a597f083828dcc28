/**
 * The /kontak form's rules: the action checks every message with them, and the page shows their
 * messages under the fields. The page does not import this module: Zod in the browser would take
 * the storefront past its JavaScript budget. `situs` is a honeypot: hidden from people, filled by
 * bots that fill every field.
 */
import { z } from "zod";
import { singleLine, withoutInvisible } from "../../lib/single-line.ts";
import { isEmail, normalizeEmail } from "../accounts/auth-schemas.ts";
import {
  CONTACT_MESSAGE_MAX,
  CONTACT_MESSAGE_MIN,
  CONTACT_MESSAGES,
  CONTACT_NAME_MAX,
  type ContactAnswer,
  type ContactField,
} from "./contact.ts";

export const ContactSchema = z.object({
  nama: z
    .string({ error: CONTACT_MESSAGES.nameMissing })
    .overwrite(singleLine)
    .min(1, CONTACT_MESSAGES.nameMissing)
    .max(CONTACT_NAME_MAX, CONTACT_MESSAGES.nameLength),
  email: z
    .string({ error: CONTACT_MESSAGES.emailMissing })
    .transform(normalizeEmail)
    .refine((email) => email.length > 0, CONTACT_MESSAGES.emailMissing)
    .refine(isEmail, CONTACT_MESSAGES.emailFormat),
  pesan: z
    .string({ error: CONTACT_MESSAGES.messageMissing })
    .overwrite((pesan) => withoutInvisible(pesan).trim())
    .min(1, CONTACT_MESSAGES.messageMissing)
    .min(CONTACT_MESSAGE_MIN, CONTACT_MESSAGES.messageShort)
    .max(CONTACT_MESSAGE_MAX, CONTACT_MESSAGES.messageLong),
  situs: z.string().optional(),
});

type ContactValues = z.output<typeof ContactSchema>;

/** The form read with ContactSchema: the message, or the answer that says what to fix. */
export function readContactForm(
  form: FormData,
): { ok: true; value: ContactValues } | { ok: false; answer: Extract<ContactAnswer, { status: "error" }> } {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : undefined;
  };
  const input = { nama: text("nama"), email: text("email"), pesan: text("pesan"), situs: text("situs") };
  const parsed = ContactSchema.safeParse(input);
  if (parsed.success) return { ok: true, value: parsed.data };
  const errors: Partial<Record<ContactField, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as ContactField;
    errors[field] ??= issue.message;
  }
  const values = {
    nama: input.nama?.slice(0, 100),
    email: input.email?.slice(0, 300),
    pesan: input.pesan?.slice(0, 2000),
  };
  return { ok: false, answer: { status: "error", errors, values } };
}
