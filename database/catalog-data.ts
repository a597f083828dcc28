// The catalog a fresh Nyala shows before the owner changes anything; the seed writes it once.
import type { PromoRule } from "./types.ts";

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
].map((item) => {
  const level = /Level (\d)$/.exec(item.nama)?.[1];
  return {
    ...item,
    gambar: `/images/menu/${item.id}.webp`,
    level_family: level ? "Mie Nyala" : null,
    level: level ? Number(level) : null,
  };
});

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

const EVERY_DAY = [0, 1, 2, 3, 4, 5, 6];

const openRule: PromoRule = {
  days: EVERY_DAY,
  time_from: null,
  time_until: null,
  audience: "semua",
  per_customer: null,
  targets: [],
  kind: "persen",
  percent: null,
  amount: null,
  buy: null,
  free: null,
  reward: null,
  bundle: [],
  bundle_price: null,
  min_subtotal: 0,
  combinable: true,
};

// `before` is what the first seed wrote: an upgrade matches those rows, not the owner's own promos (0024).
export const seedPromos = [
  {
    title: "Beli 2 Mie Gratis Es Teh Jumbo",
    label: "",
    description: "Pesan dua porsi Mie Nyala level berapa pun, satu Es Teh Jumbo kami yang traktir.",
    image: "/images/promo/promo-1.webp",
    urutan: 1,
    rule: {
      ...openRule,
      targets: ["family:Mie Nyala"],
      kind: "gratis",
      buy: 2,
      free: 1,
      reward: "item:es-teh-jumbo",
    } satisfies PromoRule,
    before: {
      label: "Hanya Hari Ini",
      description: "Pesan dua porsi mie level berapa pun, Es Teh Jumbo kami yang traktir.",
    },
  },
  {
    title: "Diskon 20% Hari Senin",
    label: "",
    description: "Potongan 20% untuk semua menu, setiap hari Senin. Tidak bisa digabung dengan promo lain.",
    image: "/images/promo/promo-2.webp",
    urutan: 2,
    rule: { ...openRule, days: [0], kind: "persen", percent: 20, combinable: false } satisfies PromoRule,
    before: { label: "Setiap Senin", description: "Potongan 20% untuk semua menu, setiap hari Senin." },
  },
  {
    title: "Paket Hemat Pelajar",
    label: "Khusus Pelajar",
    description:
      "1 Mie Nyala level berapa pun + 1 Es Nyala, mulai Rp 15.000 (biasanya Rp 18.000). Tunjukkan kartu pelajar saat mengambil pesanan.",
    image: "/images/promo/promo-3.webp",
    urutan: 3,
    rule: {
      ...openRule,
      kind: "paket",
      bundle: [
        { target: "family:Mie Nyala", jumlah: 1 },
        { target: "item:es-nyala", jumlah: 1 },
      ],
      bundle_price: 15_000,
      combinable: false,
    } satisfies PromoRule,
    before: {
      label: "Khusus Pelajar",
      description: "Tunjukkan kartu pelajar, nikmati paket hemat mulai dari Rp 15.000.",
    },
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
