/** The /kontak form's limits and messages, for the page (no Zod here: see contact-form.ts). */

export const CONTACT_NAME_MAX = 50;
export const CONTACT_MESSAGE_MIN = 10;
export const CONTACT_MESSAGE_MAX = 1000;

export const CONTACT_MESSAGES = {
  nameMissing: "Nama wajib diisi.",
  nameLength: `Nama paling banyak ${CONTACT_NAME_MAX} karakter.`,
  emailMissing: "Email wajib diisi.",
  emailFormat: "Format email tidak valid. Contoh: nama@contoh.com",
  messageMissing: "Pesan wajib diisi.",
  messageShort: `Pesan terlalu pendek: paling sedikit ${CONTACT_MESSAGE_MIN} karakter.`,
  messageLong: "Pesan paling banyak 1.000 karakter.",
  sent: "Terima kasih! Pesanmu sudah kami terima dan akan kami balas lewat email.",
} as const;

export type ContactField = "nama" | "email" | "pesan";

/** What POST /kontak answers: sent, or the first problem of each field (and the values typed). */
export type ContactAnswer =
  | { status: "sent" }
  | {
      status: "error";
      errors: Partial<Record<ContactField, string>>;
      formError?: string;
      values: Partial<Record<ContactField, string>>;
    };
