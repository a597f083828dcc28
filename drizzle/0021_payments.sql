CREATE TABLE "payment_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"methods" text[] NOT NULL,
	"qris_payload" text,
	"bank_name" text,
	"bank_account" text,
	"bank_holder" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_settings_single_row" CHECK ("payment_settings"."id" = 1),
	CONSTRAINT "payment_settings_some_method" CHECK (cardinality("payment_settings"."methods") between 1 and 3)
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"provider" text DEFAULT 'kasir' NOT NULL,
	"method" text NOT NULL,
	"amount" bigint NOT NULL,
	"recorded_by" text,
	"recorded_by_name" text,
	"voided_at" timestamp with time zone,
	"void_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_method_known" CHECK ("payments"."method" in ('tunai', 'qris', 'transfer')),
	CONSTRAINT "payments_amount_range" CHECK ("payments"."amount" >= 0),
	CONSTRAINT "payments_void_reason_length" CHECK (char_length("payments"."void_reason") <= 200)
);
--> statement-breakpoint
ALTER TABLE "order_hour_totals" DROP CONSTRAINT "order_hour_totals_hour_outcome_pk";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_method" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "paid_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "paid_amount" bigint;--> statement-breakpoint
ALTER TABLE "order_hour_totals" ADD COLUMN "method" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_hour_totals" ADD COLUMN "paid" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "order_hour_totals" ADD CONSTRAINT "order_hour_totals_hour_outcome_method_paid_pk" PRIMARY KEY("hour","outcome","method","paid");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payments_order_id_idx" ON "payments" USING btree ("order_id","id");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_method_known" CHECK ("orders"."payment_method" in ('tunai', 'qris', 'transfer'));
--> statement-breakpoint
-- The hour totals split by payment method and paid or not (docs/decisions/0040-payments.md):
-- the same function as 0017's with two more key columns.
CREATE OR REPLACE FUNCTION order_totals_add_order(o orders, sign integer) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  became text := order_outcome(o.status, o.replaced_by, o.cleared_unsent);
BEGIN
  IF became IS NULL THEN RETURN; END IF;
  INSERT INTO order_hour_totals AS t (hour, outcome, method, paid, orders, gross, revenue)
  VALUES (order_report_hour(o.created_at), became, coalesce(o.payment_method, ''), o.paid_at IS NOT NULL,
          sign, sign * o.subtotal, sign * o.total)
  ON CONFLICT (hour, outcome, method, paid) DO UPDATE
    SET orders = t.orders + excluded.orders, gross = t.gross + excluded.gross, revenue = t.revenue + excluded.revenue;
  IF became <> 'confirmed' THEN RETURN; END IF;
  INSERT INTO order_item_totals AS t (span, start, nama, jumlah, revenue)
  SELECT s.span, s.start, i.nama, sign * sum(i.jumlah), sign * sum(i.subtotal)
  FROM order_items i, order_report_spans(o.created_at) s WHERE i.order_id = o.id GROUP BY 1, 2, 3
  ON CONFLICT (span, start, nama) DO UPDATE
    SET jumlah = t.jumlah + excluded.jumlah, revenue = t.revenue + excluded.revenue;
  INSERT INTO order_discount_totals AS t (span, start, promo_key, title, title_id, orders, amount)
  SELECT s.span, s.start, order_promo_key(d.promo_id, d.title), (array_agg(d.title ORDER BY d.id DESC))[1],
         max(d.id), sign * count(*), sign * sum(d.amount)
  FROM order_discounts d, order_report_spans(o.created_at) s WHERE d.order_id = o.id GROUP BY 1, 2, 3
  ON CONFLICT (span, start, promo_key) DO UPDATE
    SET orders = t.orders + excluded.orders, amount = t.amount + excluded.amount,
        title = CASE WHEN excluded.title_id > t.title_id THEN excluded.title ELSE t.title END,
        title_id = greatest(t.title_id, excluded.title_id);
END
$$;
--> statement-breakpoint
DROP TRIGGER order_totals_update ON orders;
--> statement-breakpoint
CREATE TRIGGER order_totals_update BEFORE UPDATE ON orders FOR EACH ROW
  WHEN (order_outcome(OLD.status, OLD.replaced_by, OLD.cleared_unsent)
          IS DISTINCT FROM order_outcome(NEW.status, NEW.replaced_by, NEW.cleared_unsent)
        OR order_report_hour(OLD.created_at) <> order_report_hour(NEW.created_at)
        OR OLD.subtotal <> NEW.subtotal OR OLD.total <> NEW.total
        OR OLD.payment_method IS DISTINCT FROM NEW.payment_method
        OR (OLD.paid_at IS NULL) <> (NEW.paid_at IS NULL))
  EXECUTE FUNCTION order_totals_on_order();
