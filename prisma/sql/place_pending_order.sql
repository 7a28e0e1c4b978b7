-- The checkout's pending order, its lines and its pickup hold, all or nothing (decisions 029 and 030): one round
-- trip per checkout. Each line of p_lines carries its name and unit price snapshots, options, tax and the names
-- the customer saw ('localizedName', 'localizedOptions'; missing: null); line ids `<order id>-01`, `-02`… keep the
-- cart's order. Returns no row when held, else one refusal row ('slot-full', or 'item-limit' with the item and
-- its limit); a refusal leaves nothing behind (the block's writes roll back).
CREATE OR REPLACE FUNCTION place_pending_order(
  p_order jsonb,
  p_lines jsonb,
  p_slot_start timestamptz,
  p_pickup_date date,
  p_orders_per_slot integer
) RETURNS TABLE ("refusal" text, "menuItemId" text, "dailyLimit" integer) LANGUAGE plpgsql AS $$
DECLARE
  v_order_id text := p_order ->> 'id';
  v_item text;
  v_limit text;
BEGIN
  BEGIN
    INSERT INTO "Order" ("id", "customerName", "customerEmail", "customerPhone", "currency", "totalCents", "taxCents",
      "locale", "createdAt", "updatedAt")
    SELECT v_order_id, p_order ->> 'customerName', p_order ->> 'customerEmail', p_order ->> 'customerPhone',
      p_order ->> 'currency', sums."total" + sums."tax", sums."tax",
      COALESCE(p_order ->> 'locale', 'en'), timezone('UTC', now()), timezone('UTC', now())
    FROM (
      SELECT sum(x."unitPriceCents" * x."quantity")::integer AS "total", COALESCE(sum(x."taxCents"), 0)::integer AS "tax"
      FROM jsonb_to_recordset(p_lines) AS x("unitPriceCents" integer, "quantity" integer, "taxCents" integer)
    ) AS sums;
    INSERT INTO "OrderItem" ("id", "orderId", "menuItemId", "name", "unitPriceCents", "quantity", "options",
      "taxCategory", "taxCents", "localizedName", "localizedOptions")
    SELECT v_order_id || '-' || lpad(x."line"::text, 2, '0'), v_order_id, x."menuItemId", x."name",
      x."unitPriceCents", x."quantity", COALESCE(x."options", '[]'::jsonb),
      COALESCE(x."taxCategory", 'BAKERY')::"TaxCategory", COALESCE(x."taxCents", 0),
      x."localizedName", x."localizedOptions"
    FROM ROWS FROM (
      jsonb_to_recordset(p_lines) AS ("menuItemId" text, "name" text, "unitPriceCents" integer, "quantity" integer,
        "options" jsonb, "taxCategory" text, "taxCents" integer, "localizedName" text, "localizedOptions" jsonb)
    ) WITH ORDINALITY AS x("menuItemId", "name", "unitPriceCents", "quantity", "options", "taxCategory", "taxCents",
      "localizedName", "localizedOptions", "line");
    PERFORM pickup_hold(v_order_id, p_slot_start, p_pickup_date, p_orders_per_slot, p_lines);
  EXCEPTION
    WHEN SQLSTATE 'BK001' THEN
      RETURN QUERY SELECT 'slot-full'::text, NULL::text, NULL::integer;
    WHEN SQLSTATE 'BK002' THEN
      GET STACKED DIAGNOSTICS v_item = PG_EXCEPTION_DETAIL, v_limit = PG_EXCEPTION_HINT;
      RETURN QUERY SELECT 'item-limit'::text, v_item, v_limit::integer;
  END;
END
$$;
