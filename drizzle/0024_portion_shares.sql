ALTER TABLE "store_settings" ADD COLUMN "portions_per_order" integer;--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "portions_per_address" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "client_key" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "submission_hash" text;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_submission_hash_key" ON "orders" USING btree ("submission_hash");--> statement-breakpoint
CREATE INDEX "order_portions_item_day_idx" ON "order_portions" USING btree ("menu_item_id","day");--> statement-breakpoint
ALTER TABLE "store_settings" ADD CONSTRAINT "store_settings_portions_per_order_range" CHECK ("store_settings"."portions_per_order" between 1 and 99);--> statement-breakpoint
ALTER TABLE "store_settings" ADD CONSTRAINT "store_settings_portions_per_address_range" CHECK ("store_settings"."portions_per_address" between 1 and 9999);