ALTER TABLE "payment_settings" ADD COLUMN "qris_objects" jsonb;--> statement-breakpoint
ALTER TABLE "payment_settings" ADD COLUMN "qris_merchant_name" text;