CREATE TABLE "order_discount_totals" (
	"span" text NOT NULL,
	"start" timestamp with time zone NOT NULL,
	"promo_key" text NOT NULL,
	"title" text NOT NULL,
	"title_id" integer NOT NULL,
	"orders" integer NOT NULL,
	"amount" bigint NOT NULL,
	CONSTRAINT "order_discount_totals_span_start_promo_key_pk" PRIMARY KEY("span","start","promo_key"),
	CONSTRAINT "order_discount_totals_span_known" CHECK ("order_discount_totals"."span" in ('day', 'hour'))
);
--> statement-breakpoint
CREATE TABLE "order_hour_totals" (
	"hour" timestamp with time zone NOT NULL,
	"outcome" text NOT NULL,
	"orders" integer NOT NULL,
	"gross" bigint NOT NULL,
	"revenue" bigint NOT NULL,
	CONSTRAINT "order_hour_totals_hour_outcome_pk" PRIMARY KEY("hour","outcome"),
	CONSTRAINT "order_hour_totals_outcome_known" CHECK ("order_hour_totals"."outcome" in ('confirmed', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "order_item_totals" (
	"span" text NOT NULL,
	"start" timestamp with time zone NOT NULL,
	"nama" text NOT NULL,
	"jumlah" bigint NOT NULL,
	"revenue" bigint NOT NULL,
	CONSTRAINT "order_item_totals_span_start_nama_pk" PRIMARY KEY("span","start","nama"),
	CONSTRAINT "order_item_totals_span_known" CHECK ("order_item_totals"."span" in ('day', 'hour'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "order_discounts_order_promo_key" ON "order_discounts" USING btree ("order_id","promo_id");--> statement-breakpoint
-- Hand-written (docs/decisions/0032-report-totals.md): the totals above kept by triggers, so
-- every way an order changes (checkout, the board, a replacement, clearing, a deleted promo or
-- dish, a script) moves them, and the 30-day report reads them instead of every order.
-- What became of an order for the report: the restaurant took it up (a sale), or cancelled it;
-- null for one still new, replaced by the customer, or cleared as never sent.
-- The statuses are CONFIRMED_STATUSES of app/features/orders/order-status.ts (a test compares).
CREATE FUNCTION order_outcome(status text, replaced_by text, cleared_unsent boolean) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN status IN ('diterima', 'dimasak', 'siap', 'selesai') THEN 'confirmed'
    WHEN status = 'batal' AND replaced_by IS NULL AND NOT cleared_unsent THEN 'cancelled'
  END
$$;
--> statement-breakpoint
CREATE FUNCTION order_report_hour(at timestamptz) RETURNS timestamptz
LANGUAGE sql IMMUTABLE AS $$ SELECT date_trunc('hour', at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' $$;
--> statement-breakpoint
-- The spans an order's item and discount totals go to: its UTC day and its UTC hour.
CREATE FUNCTION order_report_spans(at timestamptz) RETURNS TABLE (span text, start timestamptz)
LANGUAGE sql IMMUTABLE AS $$
  VALUES ('hour', order_report_hour(at)), ('day', date_trunc('day', at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC')
$$;
--> statement-breakpoint
CREATE FUNCTION order_promo_key(promo_id integer, title text) RETURNS text
LANGUAGE sql IMMUTABLE AS $$ SELECT coalesce(promo_id::text, 'judul:' || title) $$;
--> statement-breakpoint
-- Lines added to or taken from orders that count as sales: their hour from the order as it is.
CREATE FUNCTION order_totals_add_items(lines order_items[], sign integer) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO order_item_totals AS t (span, start, nama, jumlah, revenue)
  SELECT s.span, s.start, l.nama, sign * sum(l.jumlah), sign * sum(l.subtotal)
  FROM unnest(lines) l JOIN orders o ON o.id = l.order_id, order_report_spans(o.created_at) s
  WHERE order_outcome(o.status, o.replaced_by, o.cleared_unsent) = 'confirmed'
  GROUP BY 1, 2, 3
  ON CONFLICT (span, start, nama) DO UPDATE
    SET jumlah = t.jumlah + excluded.jumlah, revenue = t.revenue + excluded.revenue
$$;
--> statement-breakpoint
CREATE FUNCTION order_totals_add_discounts(lines order_discounts[], sign integer) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO order_discount_totals AS t (span, start, promo_key, title, title_id, orders, amount)
  SELECT s.span, s.start, order_promo_key(d.promo_id, d.title),
         (array_agg(d.title ORDER BY d.id DESC))[1], max(d.id), sign * count(*), sign * sum(d.amount)
  FROM unnest(lines) d JOIN orders o ON o.id = d.order_id, order_report_spans(o.created_at) s
  WHERE order_outcome(o.status, o.replaced_by, o.cleared_unsent) = 'confirmed'
  GROUP BY 1, 2, 3
  ON CONFLICT (span, start, promo_key) DO UPDATE
    SET orders = t.orders + excluded.orders, amount = t.amount + excluded.amount,
        title = CASE WHEN excluded.title_id > t.title_id THEN excluded.title ELSE t.title END,
        title_id = greatest(t.title_id, excluded.title_id)
$$;
--> statement-breakpoint
-- An order counted (`sign` 1) or taken back (-1) as the row `o` says (its trigger runs before the
-- table changes), with its lines and discounts when it is a sale.
CREATE FUNCTION order_totals_add_order(o orders, sign integer) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  became text := order_outcome(o.status, o.replaced_by, o.cleared_unsent);
BEGIN
  IF became IS NULL THEN RETURN; END IF;
  INSERT INTO order_hour_totals AS t (hour, outcome, orders, gross, revenue)
  VALUES (order_report_hour(o.created_at), became, sign, sign * o.subtotal, sign * o.total)
  ON CONFLICT (hour, outcome) DO UPDATE
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
-- BEFORE the row changes: an order's lines are still there when it is deleted, and lines added
-- later in the same statement are counted by their own trigger, once.
CREATE FUNCTION order_totals_on_order() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM order_totals_add_order(OLD, -1); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM order_totals_add_order(NEW, 1); RETURN NEW; END IF;
  RETURN OLD;
END
$$;
--> statement-breakpoint
CREATE TRIGGER order_totals_insert BEFORE INSERT ON orders
  FOR EACH ROW EXECUTE FUNCTION order_totals_on_order();
--> statement-breakpoint
CREATE TRIGGER order_totals_update BEFORE UPDATE ON orders FOR EACH ROW
  WHEN (order_outcome(OLD.status, OLD.replaced_by, OLD.cleared_unsent)
          IS DISTINCT FROM order_outcome(NEW.status, NEW.replaced_by, NEW.cleared_unsent)
        OR order_report_hour(OLD.created_at) <> order_report_hour(NEW.created_at)
        OR OLD.subtotal <> NEW.subtotal OR OLD.total <> NEW.total)
  EXECUTE FUNCTION order_totals_on_order();
--> statement-breakpoint
CREATE TRIGGER order_totals_delete BEFORE DELETE ON orders
  FOR EACH ROW EXECUTE FUNCTION order_totals_on_order();
--> statement-breakpoint
-- Lines and discounts added to, changed on or taken from an order already counted as a sale (at
-- checkout the order is still new: nothing moves). A deleted order's lines go with it, uncounted.
CREATE FUNCTION order_totals_on_items() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM order_totals_add_items(array(SELECT l::order_items FROM old_lines l), -1); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM order_totals_add_items(array(SELECT l::order_items FROM new_lines l), 1); END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION order_totals_on_discounts() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM order_totals_add_discounts(array(SELECT d::order_discounts FROM old_lines d), -1); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM order_totals_add_discounts(array(SELECT d::order_discounts FROM new_lines d), 1); END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER order_totals_items_insert AFTER INSERT ON order_items
  REFERENCING NEW TABLE AS new_lines FOR EACH STATEMENT EXECUTE FUNCTION order_totals_on_items();
--> statement-breakpoint
CREATE TRIGGER order_totals_items_update AFTER UPDATE ON order_items
  REFERENCING OLD TABLE AS old_lines NEW TABLE AS new_lines FOR EACH STATEMENT EXECUTE FUNCTION order_totals_on_items();
--> statement-breakpoint
CREATE TRIGGER order_totals_items_delete AFTER DELETE ON order_items
  REFERENCING OLD TABLE AS old_lines FOR EACH STATEMENT EXECUTE FUNCTION order_totals_on_items();
--> statement-breakpoint
CREATE TRIGGER order_totals_discounts_insert AFTER INSERT ON order_discounts
  REFERENCING NEW TABLE AS new_lines FOR EACH STATEMENT EXECUTE FUNCTION order_totals_on_discounts();
--> statement-breakpoint
CREATE TRIGGER order_totals_discounts_update AFTER UPDATE ON order_discounts
  REFERENCING OLD TABLE AS old_lines NEW TABLE AS new_lines FOR EACH STATEMENT EXECUTE FUNCTION order_totals_on_discounts();
--> statement-breakpoint
CREATE TRIGGER order_totals_discounts_delete AFTER DELETE ON order_discounts
  REFERENCING OLD TABLE AS old_lines FOR EACH STATEMENT EXECUTE FUNCTION order_totals_on_discounts();
--> statement-breakpoint
-- The orders already there, counted once.
INSERT INTO order_hour_totals (hour, outcome, orders, gross, revenue)
SELECT order_report_hour(created_at), order_outcome(status, replaced_by, cleared_unsent),
       count(*), sum(subtotal), sum(total)
FROM orders WHERE order_outcome(status, replaced_by, cleared_unsent) IS NOT NULL
GROUP BY 1, 2;
--> statement-breakpoint
SELECT order_totals_add_items(array(SELECT i FROM order_items i), 1);
--> statement-breakpoint
SELECT order_totals_add_discounts(array(SELECT d FROM order_discounts d), 1);
