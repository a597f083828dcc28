/** How to put the admin app on an iPhone's or iPad's home screen: iOS delivers pushes only there. */
export function InstallHelp() {
  return (
    <div className="mt-3 rounded-xl bg-amber-50 p-4 text-sm text-amber-950" data-testid="ios-install-help">
      <p className="font-bold">Di iPhone dan iPad, notifikasi hanya sampai ke aplikasi di Layar Utama.</p>
      <ol className="mt-2 list-decimal space-y-1 pl-5">
        <li>
          Di Safari, ketuk <strong>Bagikan</strong> (kotak dengan panah ke atas).
        </li>
        <li>
          Pilih <strong>Tambah ke Layar Utama</strong>, lalu <strong>Tambah</strong>.
        </li>
        <li>Buka aplikasi Pesanan dari Layar Utama, masuk, lalu nyalakan push di halaman ini.</li>
      </ol>
    </div>
  );
}
