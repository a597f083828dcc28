ALTER TABLE "orders" ADD COLUMN "replaces" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "follows" text;--> statement-breakpoint
ALTER TABLE "order_carts" ADD COLUMN "owed" jsonb;