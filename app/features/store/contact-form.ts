// The /kontak form's schema (0029); `situs` is a honeypot, hidden from people and filled by bots.
import * as z from "zod/mini";
import { singleLine, withoutInvisible } from "../../lib/single-line.ts";
import { isEmail, normalizeEmail } from "../accounts/email-rules.ts";
import { CONTACT_MESSAGE_MAX, CONTACT_MESSAGE_MIN, CONTACT_MESSAGES, CONTACT_NAME_MAX } from "./contact.ts";

export const ContactSchema = z.object({
  nama: z
    .string({ error: CONTACT_MESSAGES.nameMissing })
    .check(
      z.overwrite(singleLine),
      z.minLength(1, CONTACT_MESSAGES.nameMissing),
      z.maxLength(CONTACT_NAME_MAX, CONTACT_MESSAGES.nameLength),
    ),
  email: z
    .string({ error: CONTACT_MESSAGES.emailMissing })
    .check(
      z.overwrite(normalizeEmail),
      z.minLength(1, CONTACT_MESSAGES.emailMissing),
      z.refine(isEmail, CONTACT_MESSAGES.emailFormat),
    ),
  pesan: z.string({ error: CONTACT_MESSAGES.messageMissing }).check(
    z.overwrite((pesan) => withoutInvisible(pesan).trim()),
    z.minLength(1, CONTACT_MESSAGES.messageMissing),
    z.minLength(CONTACT_MESSAGE_MIN, CONTACT_MESSAGES.messageShort),
    z.maxLength(CONTACT_MESSAGE_MAX, CONTACT_MESSAGES.messageLong),
  ),
  situs: z.optional(z.string()),
});
