-- The checkout's pending order, its lines and its pickup hold, all or nothing (decisions 029 and 030): one round
-- trip per checkout. p_order may carry the customer's 'customerNote' and 'allergyNote' (decision 077). Each line of p_lines carries its name and unit price snapshots, options, tax and the names
-- the customer saw ('localizedName', 'localizedOptions'; missing: null); line ids `<order id>-01`, `-02`… keep the
-- cart's order. Returns no refusal row when held, else one refusal row ('slot-full', or 'item-limit' with the item and
-- its limit); a refusal leaves nothing behind (the block's writes roll back).
-- Live unpaid holds are capped per client (p_order's 'holdClient', a digest of the rate limits' client key) and per
-- e-mail (decision 058): under an advisory lock per client and per e-mail (taken in key order, so no deadlock), the
-- oldest of theirs beyond p_max_live_holds - 1 are cancelled and given back first, so at most p_max_live_holds stay
-- live. A held order returns one row per replaced order with a session ('replacedSessionId', for the provider to
-- close); a refusal replaces nothing.
-- A phone order (decision 075) carries 'source' and 'enteredBy'; without an e-mail ('customerEmail' empty)
-- only its client's holds are capped. One marked 'payAtPickup' is confirmed at once: PAID with no payment yet, in the
-- same statement as its hold (an UPDATE, so the live boards hear of it through order_board_notify).
CREATE OR REPLACE FUNCTION place_pending_order(
  p_order jsonb,
  p_lines jsonb,
  p_slot_start timestamptz,
  p_pickup_date date,
  p_orders_per_slot integer,
  p_max_live_holds integer
) RETURNS TABLE ("refusal" text, "menuItemId" text, "dailyLimit" integer, "replacedSessionId" text)
LANGUAGE plpgsql AS $$
DECLARE
  v_order_id text := p_order ->> 'id';
  v_client text := p_order ->> 'holdClient';
  v_email text := NULLIF(lower(btrim(p_order ->> 'customerEmail')), '');
  v_key text;
  v_item text;
  v_limit text;
  v_replaced record;
  v_replaced_sessions text[] := '{}';
BEGIN
  FOR v_key IN
    SELECT k FROM unnest(ARRAY['hold-client:' || v_client, 'hold-email:' || v_email]) AS k
    WHERE k IS NOT NULL ORDER BY k COLLATE "C"
  LOOP
    PERFORM pg_advisory_xact_lock(hashtextextended(v_key, 0));
  END LOOP;
  BEGIN
    FOR v_replaced IN
      SELECT o."id", o."providerSessionId" FROM "Order" o
      WHERE o."status" = 'PENDING' AND o."capacityHeld"
        AND (o."holdClient" = v_client OR lower(o."customerEmail") = v_email)
      ORDER BY o."createdAt" DESC, o."id" DESC
      OFFSET GREATEST(p_max_live_holds - 1, 0)
    LOOP
      UPDATE "Order" SET "status" = 'CANCELLED', "updatedAt" = timezone('UTC', now())
      WHERE "id" = v_replaced."id" AND "status" = 'PENDING';
      IF FOUND THEN
        PERFORM order_hold_release(v_replaced."id", NULL);
        IF v_replaced."providerSessionId" IS NOT NULL THEN
          v_replaced_sessions := v_replaced_sessions || v_replaced."providerSessionId";
        END IF;
      END IF;
    END LOOP;
    INSERT INTO "Order" ("id", "customerName", "customerEmail", "customerPhone", "currency", "totalCents", "taxCents",
      "locale", "holdClient", "createdAt", "updatedAt",
      "customerNote", "allergyNote", "source", "enteredBy", "payAtPickup")
    SELECT v_order_id, p_order ->> 'customerName', p_order ->> 'customerEmail', p_order ->> 'customerPhone',
      p_order ->> 'currency', sums."total" + sums."tax", sums."tax",
      COALESCE(p_order ->> 'locale', 'en'), v_client, timezone('UTC', now()), timezone('UTC', now()),
      p_order ->> 'customerNote', p_order ->> 'allergyNote', COALESCE(p_order ->> 'source', 'ONLINE')::"OrderSource",
      p_order ->> 'enteredBy', COALESCE((p_order ->> 'payAtPickup')::boolean, false)
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
    UPDATE "Order" SET "status" = 'PAID', "updatedAt" = timezone('UTC', now())
    WHERE "id" = v_order_id AND "payAtPickup";
  EXCEPTION
    WHEN SQLSTATE 'BK001' THEN
      RETURN QUERY SELECT 'slot-full'::text, NULL::text, NULL::integer, NULL::text;
      RETURN;
    WHEN SQLSTATE 'BK002' THEN
      GET STACKED DIAGNOSTICS v_item = PG_EXCEPTION_DETAIL, v_limit = PG_EXCEPTION_HINT;
      RETURN QUERY SELECT 'item-limit'::text, v_item, v_limit::integer, NULL::text;
      RETURN;
  END;
  RETURN QUERY SELECT NULL::text, NULL::text, NULL::integer, s FROM unnest(v_replaced_sessions) AS s;
END
$$;
