// Why a print did not come out, one table for every printer connection (0037).
export const PRINT_FAILURES = {
  notChosen: "Belum ada printer di perangkat ini. Pilih printer di panel Printer pada papan pesanan.",
  cancelled: "Tidak ada printer yang dipilih.",
  unsupported:
    "Browser ini tidak bisa menyambung ke printer lewat cara itu. Pakai Chrome atau Edge, RawBT di Android, atau tampilan cetak.",
  absent: "Printer tidak ditemukan. Nyalakan printer dan sambungkan kabel atau Bluetooth-nya.",
  reconnect: "Sambungan printer perlu dipilih lagi: buka panel Printer dan ketuk Pilih printer.",
  inUse: "Printer sedang dipakai tab atau aplikasi lain di perangkat ini. Tutup yang lain, lalu cetak lagi.",
  disconnected: "Sambungan ke printer terputus. Periksa kabel, Bluetooth, dan daya printer.",
  paperOut: "Kertas printer habis. Isi kertas, lalu cetak lagi.",
  offline: "Printer sedang offline: tutupnya terbuka atau ada error. Periksa printer, lalu cetak lagi.",
  timeout: "Printer tidak menjawab. Periksa printer, lalu cetak lagi.",
  server: "Server tidak bisa dihubungi. Periksa internet, lalu coba lagi.",
} as const;

export type PrintFailure = keyof typeof PRINT_FAILURES;

export const NOT_MARKED = "Pesanan belum ditandai dicetak.";

export class PrinterError extends Error {
  constructor(readonly reason: PrintFailure) {
    super(PRINT_FAILURES[reason]);
    this.name = "PrinterError";
  }
}

const BY_DOM_NAME: Record<string, PrintFailure> = {
  NotFoundError: "absent",
  NotAllowedError: "cancelled",
  SecurityError: "unsupported",
  NotSupportedError: "unsupported",
  InvalidStateError: "inUse",
  NetworkError: "disconnected",
  TimeoutError: "timeout",
  AbortError: "disconnected",
};

export function failureOf(error: unknown): PrintFailure {
  if (error instanceof PrinterError) return error.reason;
  const name = error instanceof Error ? error.name : "";
  return BY_DOM_NAME[name] ?? "disconnected";
}
