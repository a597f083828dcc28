-- Orders' statuses move to the kitchen's steps (docs/decisions/0020-live-orders.md):
-- baru -> baru, diproses -> diterima (confirmed by the restaurant), selesai -> selesai,
-- batal -> batal. Every order gets its timeline: "baru" at its creation and, for an order that
-- had moved on, its present status at its last change (the only time stored for it).
UPDATE "orders" SET "status" = 'diterima' WHERE "status" = 'diproses';--> statement-breakpoint
INSERT INTO "order_events" ("order_id", "status", "reason", "created_at")
SELECT "id", 'baru', NULL, "created_at" FROM "orders" ORDER BY "id";--> statement-breakpoint
INSERT INTO "order_events" ("order_id", "status", "reason", "created_at")
SELECT "id", "status",
  CASE WHEN "status" = 'batal' AND "replaced_by" IS NOT NULL
    THEN 'Pelanggan mengubah pesanan; diganti pesanan ' || "replaced_by" || '.' END,
  GREATEST("updated_at", "created_at")
FROM "orders" WHERE "status" <> 'baru' ORDER BY "id";
--> statement-breakpoint
-- The sample notifications every admin was given on a first visit told of no real order or
-- promo: they go. Real "Pesanan baru" notifications are written with each order from now on.
DELETE FROM "notifications" WHERE ("judul", "pesan") IN (
  ('Selamat datang di panel admin', 'Di sini Anda mengelola pengguna dan melihat kabar terbaru dari toko.'),
  ('Pesanan baru', 'Ada pesanan baru lewat WhatsApp: 2x Mie Nyala Level 3, 1x Es Teh Jumbo.'),
  ('Promo Senin aktif', 'Diskon Senin 20% sudah tampil di halaman beranda.')
);
