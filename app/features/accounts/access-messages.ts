export const ACCESS_DENIED_ANONYMOUS = "Anda harus login terlebih dahulu!";
export const ACCESS_DENIED_NOT_ADMIN =
  "Halaman ini hanya untuk admin. Masuk dengan akun admin untuk membukanya.";
