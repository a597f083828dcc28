/** The /kontak form's limits and messages, for the page and contact-form.ts's schema. */

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
