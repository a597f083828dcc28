/** The shop's time zone until its settings name one: Kendari, the default address (WITA, UTC+8). */
export const DEFAULT_STORE_TIMEZONE = "Asia/Makassar";
