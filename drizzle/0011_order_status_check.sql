ALTER TABLE "notification_settings" DROP COLUMN "pembayaran";--> statement-breakpoint
ALTER TABLE "notification_settings" DROP COLUMN "komentar";--> statement-breakpoint
ALTER TABLE "notification_settings" DROP COLUMN "sistem";--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_status_known" CHECK ("order_events"."status" in ('baru', 'diterima', 'dimasak', 'siap', 'selesai', 'batal'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_status_known" CHECK ("orders"."status" in ('baru', 'diterima', 'dimasak', 'siap', 'selesai', 'batal'));