// The PIN for risky taps (0059): who needs one, what a PIN may be, and what the forms say.
export const PIN_FIELD = "pin";
export const PIN_LABEL = "PIN pemilik atau admin";
export const PIN_WRONG_LIMIT = 5;
export const PIN_MINUTES = 15;

export const PIN_MESSAGES = {
  format: "PIN terdiri dari 4 sampai 6 angka.",
  trivial: "PIN ini terlalu mudah ditebak (angka sama atau berurutan). Pilih PIN lain.",
  mismatch: "Kedua PIN tidak sama. Ketik ulang PIN yang sama.",
  saved: "PIN disimpan. Kasir dan perangkat kini bisa memakai PIN Anda untuk tindakan berisiko.",
  missing: `Tindakan ini perlu ${PIN_LABEL}. Minta pemilik atau admin mengetiknya.`,
  wrong: "PIN salah.",
  none: "Belum ada pemilik atau admin yang mengatur PIN. Atur di halaman Pengaturan.",
  locked: (until: string) => `PIN dikunci sampai ${until}.`,
  lowered: (before: string, after: string) =>
    `Total turun dari ${before} menjadi ${after}: perubahan ini perlu ${PIN_LABEL}. Perubahan tidak disimpan.`,
  lifted: (nama: string) => `Kunci PIN ${nama} dibuka.`,
  notLocked: "PIN perangkat atau staf ini tidak sedang dikunci.",
} as const;

/** A kasir (a person or a device) and every paired device; a pemilik or admin on their own session never. */
export const needsPin = (user: { role: string; provider: string }): boolean =>
  user.role === "kasir" || user.provider === "perangkat";

const isRun = (pin: string, step: number) =>
  [...pin].every((digit, index) => index === 0 || Number(digit) - Number(pin[index - 1]) === step);

/** A new PIN: 4–6 digits, not one digit repeated, not a straight run up or down (1234, 9876). */
export function checkNewPin(pin: string, again: string): string | null {
  if (!/^\d{4,6}$/.test(pin)) return PIN_MESSAGES.format;
  if (isRun(pin, 0) || isRun(pin, 1) || isRun(pin, -1)) return PIN_MESSAGES.trivial;
  if (pin !== again) return PIN_MESSAGES.mismatch;
  return null;
}
