-- The pickup hold and the checkout's pending order as database functions (decisions 029 and 030):
-- one round trip per checkout instead of an interactive transaction of about eight statements.
-- Refusals are raised with the bakery's own SQLSTATEs: BK001 the slot is full, BK002 an item's daily
-- limit (DETAIL the menu item id, HINT its limit). Timestamps without a zone are stored in UTC, as
-- Prisma writes them.

-- Reserves one order in its slot and each item's quantity for the day, then marks the order as
-- holding. Conditional upserts: each counter row is locked by ON CONFLICT DO UPDATE and only moves
-- while it stays within its limit; locks are taken slot first, then items by id (no deadlocks).
-- Raises on refusal, so the caller's transaction (or statement) rolls back everything it wrote.
CREATE FUNCTION pickup_hold(
  p_order_id text,
  p_slot_start timestamptz,
  p_pickup_date date,
  p_orders_per_slot integer,
  p_items jsonb
) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  item record;
BEGIN
  INSERT INTO "PickupSlotUsage" ("slotStart", "orders")
  SELECT p_slot_start, 1 WHERE p_orders_per_slot >= 1
  ON CONFLICT ("slotStart") DO UPDATE SET "orders" = "PickupSlotUsage"."orders" + 1
    WHERE "PickupSlotUsage"."orders" < p_orders_per_slot;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'pickup slot % is full', p_slot_start USING ERRCODE = 'BK001';
  END IF;

  FOR item IN
    SELECT x."menuItemId", sum(x."quantity")::integer AS "quantity", min(x."dailyLimit") AS "dailyLimit"
    FROM jsonb_to_recordset(p_items) AS x("menuItemId" text, "quantity" integer, "dailyLimit" integer)
    GROUP BY x."menuItemId"
    ORDER BY x."menuItemId" COLLATE "C"
  LOOP
    IF item."quantity" IS NULL OR item."quantity" <= 0 THEN
      RAISE EXCEPTION 'bad quantity % for %', item."quantity", item."menuItemId";
    END IF;
    INSERT INTO "ItemDayUsage" ("menuItemId", "pickupDate", "quantity")
    SELECT item."menuItemId", p_pickup_date, item."quantity"
    WHERE item."dailyLimit" IS NULL OR item."quantity" <= item."dailyLimit"
    ON CONFLICT ("menuItemId", "pickupDate") DO UPDATE
      SET "quantity" = "ItemDayUsage"."quantity" + EXCLUDED."quantity"
      WHERE item."dailyLimit" IS NULL OR "ItemDayUsage"."quantity" + EXCLUDED."quantity" <= item."dailyLimit";
    IF NOT FOUND THEN
      RAISE EXCEPTION 'daily limit of % reached', item."menuItemId"
        USING ERRCODE = 'BK002', DETAIL = item."menuItemId", HINT = item."dailyLimit"::text;
    END IF;
  END LOOP;

  UPDATE "Order"
  SET "capacityHeld" = true, "pickupAt" = p_slot_start, "pickupDate" = p_pickup_date,
    "updatedAt" = timezone('UTC', now())
  WHERE "id" = p_order_id AND NOT "capacityHeld";
  IF NOT FOUND THEN
    RAISE EXCEPTION 'order % is missing or already holds capacity', p_order_id;
  END IF;
END
$$;

-- The checkout's pending order, its lines (name and unit price snapshots; ids `<order id>-01`, `-02`… keep
-- the cart's order) and its pickup hold, all or
-- nothing. Returns no row when held, else one refusal row ('slot-full', or 'item-limit' with the item
-- and its limit); a refusal leaves nothing behind (the block's writes roll back).
CREATE FUNCTION place_pending_order(
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
    INSERT INTO "Order" ("id", "customerName", "customerEmail", "customerPhone", "currency", "totalCents", "createdAt", "updatedAt")
    SELECT v_order_id, p_order ->> 'customerName', p_order ->> 'customerEmail', p_order ->> 'customerPhone',
      p_order ->> 'currency',
      (SELECT sum(x."unitPriceCents" * x."quantity")::integer
        FROM jsonb_to_recordset(p_lines) AS x("unitPriceCents" integer, "quantity" integer)),
      timezone('UTC', now()), timezone('UTC', now());
    INSERT INTO "OrderItem" ("id", "orderId", "menuItemId", "name", "unitPriceCents", "quantity")
    SELECT v_order_id || '-' || lpad(x."line"::text, 2, '0'), v_order_id, x."menuItemId", x."name",
      x."unitPriceCents", x."quantity"
    FROM ROWS FROM (
      jsonb_to_recordset(p_lines) AS ("menuItemId" text, "name" text, "unitPriceCents" integer, "quantity" integer)
    ) WITH ORDINALITY AS x("menuItemId", "name", "unitPriceCents", "quantity", "line");
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
