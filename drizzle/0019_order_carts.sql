CREATE TABLE "order_carts" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"cart_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_carts" ADD CONSTRAINT "order_carts_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_carts" ADD CONSTRAINT "order_carts_cart_id_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."carts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_carts_cart_id_idx" ON "order_carts" USING btree ("cart_id");