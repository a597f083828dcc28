CREATE TABLE "order_prints" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"kind" text NOT NULL,
	"claim_token" text,
	"device_id" text,
	"lease_until" timestamp with time zone,
	"printed_at" timestamp with time zone,
	"printed_by" text,
	"reprints" integer DEFAULT 0 NOT NULL,
	"last_reprint_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_prints_kind_known" CHECK ("order_prints"."kind" in ('dapur', 'struk'))
);
--> statement-breakpoint
ALTER TABLE "order_prints" ADD CONSTRAINT "order_prints_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_prints" ADD CONSTRAINT "order_prints_printed_by_users_id_fk" FOREIGN KEY ("printed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_prints_order_id_kind_key" ON "order_prints" USING btree ("order_id","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "order_prints_claim_token_key" ON "order_prints" USING btree ("claim_token");