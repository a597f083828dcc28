/**
 * The catalog a fresh Nyala shows before the owner changes anything (shared/CATALOG.md).
 * Data, not code paths: the seed writes it into the database once.
 */
export const seedCategories = [
  { id: "makanan", nama: "Makanan", urutan: 1 },
  { id: "minuman", nama: "Minuman", urutan: 2 },
  { id: "cemilan", nama: "Cemilan", urutan: 3 },
] as const;

export const seedMenuItems = [
  {
    id: "mie-nyala-level-1",
    nama: "Mie Nyala Level 1",
    category_id: "makanan",
    harga: 10_000,
    deskripsi: "Mie pedas ringan, pas untuk yang baru mulai berani pedas.",
    featured_rank: 1,
    best_seller_rank: 1,
    produk_rank: 1,
  },
  {
    id: "mie-nyala-level-2",
    nama: "Mie Nyala Level 2",
    category_id: "makanan",
    harga: 11_000,
    deskripsi: "Pedasnya naik satu tingkat, gurihnya tetap juara.",
    featured_rank: null,
    best_seller_rank: 2,
    produk_rank: 2,
  },
  {
    id: "mie-nyala-level-3",
    nama: "Mie Nyala Level 3",
    category_id: "makanan",
    harga: 12_000,
    deskripsi: "Untuk penantang sejati: pedas membara sampai suapan terakhir.",
    featured_rank: 2,
    best_seller_rank: 3,
    produk_rank: null,
  },
  {
    id: "es-teh-jumbo",
    nama: "Es Teh Jumbo",
    category_id: "minuman",
    harga: 5_000,
    deskripsi: "Teh manis dingin ukuran jumbo, peredam pedas paling setia.",
    featured_rank: null,
    best_seller_rank: 4,
    produk_rank: null,
  },
  {
    id: "es-nyala",
    nama: "Es Nyala",
    category_id: "minuman",
    harga: 8_000,
    deskripsi: "Minuman segar khas Nyala yang menyejukkan setelah makan pedas.",
    featured_rank: 3,
    best_seller_rank: 5,
    produk_rank: 3,
  },
  {
    id: "pangsit-goreng",
    nama: "Pangsit Goreng",
    category_id: "cemilan",
    harga: 9_000,
    deskripsi: "Pangsit renyah isi ayam, teman setia semangkuk mie.",
    featured_rank: null,
    best_seller_rank: 6,
    produk_rank: 4,
  },
].map((item) => ({
  ...item,
  gambar: `/images/menu/${item.id}.webp`,
  // Noodles are cooked to the customer's spice level; drinks and snacks are not.
  takes_level: item.category_id === "makanan",
}));

/** Items of the starting menu that take a spice level (for databases seeded before levels existed). */
export const seedLevelItemIds = seedMenuItems.filter((item) => item.takes_level).map((item) => item.id);

export const seedSlides = [
  {
    title: "Mie Nyala Level 1",
    text: "Pedas ringan untuk kamu yang baru mulai mencoba.",
    menu_item_id: "mie-nyala-level-1",
    image: "/images/slides/slide-1.webp",
    urutan: 1,
  },
  {
    title: "Es Nyala",
    text: "Segar dingin, penutup sempurna setelah mie pedas.",
    menu_item_id: "es-nyala",
    image: "/images/slides/slide-2.webp",
    urutan: 2,
  },
  {
    title: "Pangsit Goreng",
    text: "Renyah, gurih, dan selalu bikin nambah.",
    menu_item_id: "pangsit-goreng",
    image: "/images/slides/slide-3.webp",
    urutan: 3,
  },
];

export const seedPromos = [
  {
    title: "Beli 2 Mie Gratis Es Teh Jumbo",
    label: "Hanya Hari Ini",
    description: "Pesan dua porsi mie level berapa pun, Es Teh Jumbo kami yang traktir.",
    image: "/images/promo/promo-1.webp",
    urutan: 1,
  },
  {
    title: "Diskon 20% Hari Senin",
    label: "Setiap Senin",
    description: "Potongan 20% untuk semua menu, setiap hari Senin.",
    image: "/images/promo/promo-2.webp",
    urutan: 2,
  },
  {
    title: "Paket Hemat Pelajar",
    label: "Khusus Pelajar",
    description: "Tunjukkan kartu pelajar, nikmati paket hemat mulai dari Rp 15.000.",
    image: "/images/promo/promo-3.webp",
    urutan: 3,
  },
];

export const seedSiteTexts = [
  {
    key: "tentang",
    value:
      "Mie Nyala adalah rumah mie pedas yang lahir dari kecintaan pada rasa gurih dan sensasi pedas khas Nusantara. " +
      "Kami menyajikan mie dengan beberapa tingkat kepedasan, dari yang ramah untuk pemula sampai yang membakar semangat, " +
      "ditemani minuman segar dan cemilan renyah. Semua menu bisa kamu pesan secara online hanya dengan beberapa ketukan.",
  },
  {
    key: "visi",
    value: "Menjadi tempat makan mie pedas favorit anak muda Indonesia.",
  },
  {
    key: "misi",
    value: [
      "Menyajikan bahan berkualitas dengan harga yang ramah di kantong pelajar.",
      "Memberikan pelayanan yang cepat dan ramah kepada setiap pelanggan.",
      "Terus menghadirkan ide menu baru yang mengikuti keinginan pelanggan.",
    ].join("\n"),
  },
];
