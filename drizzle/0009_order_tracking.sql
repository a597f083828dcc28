CREATE TABLE "checkout_profiles" (
	"user_id" text PRIMARY KEY NOT NULL,
	"nama" text NOT NULL,
	"whatsapp" text NOT NULL,
	"fulfilment" text NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"landmark" text DEFAULT '' NOT NULL,
	"table_number" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"status" text NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_events_reason_length" CHECK (char_length("order_events"."reason") <= 200)
);
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_status_known";--> statement-breakpoint
DROP INDEX "orders_user_id_idx";--> statement-breakpoint
ALTER TABLE "notification_settings" ADD COLUMN "pengguna_baru" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "customer_phone" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "fulfilment" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "address" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "landmark" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "table_number" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "scheduled_for" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "view_token_hash" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cleared_unsent" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "lead_minutes" integer;--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "busy_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "busy_open_ended" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "checkout_profiles" ADD CONSTRAINT "checkout_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_events_order_id_idx" ON "order_events" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "orders_user_id_created_at_idx" ON "orders" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "users_admin_idx" ON "users" USING btree ("role") WHERE "users"."role" = 'admin';--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_fulfilment_known" CHECK ("orders"."fulfilment" in ('ambil', 'antar', 'makan'));--> statement-breakpoint
ALTER TABLE "store_settings" ADD CONSTRAINT "store_settings_lead_minutes_range" CHECK ("store_settings"."lead_minutes" between 0 and 240);