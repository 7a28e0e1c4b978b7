-- Reserves one order in its slot (pickup_slot_take, as a cake quote does) and each item's quantity for the day,
-- then marks the order as holding (decision 029). Conditional upserts: each counter row is locked by ON CONFLICT
-- DO UPDATE and only moves while it stays within its limit; locks are taken slot first, then items by id (no
-- deadlocks). Raises on refusal, BK001 the slot is full, BK002 an item's daily limit (DETAIL the menu item id,
-- HINT its limit), so the caller's transaction (or statement) rolls back everything it wrote. Then the production
-- minutes the order needs (production_minutes_hold, decision 088), enforced unless the slot is unlimited (a payment
-- kept past its hold is taken back whatever the counters say): BK003 when a resource's day is full.
CREATE OR REPLACE FUNCTION pickup_hold(
  p_order_id text,
  p_slot_start timestamptz,
  p_pickup_date date,
  p_orders_per_slot integer,
  p_items jsonb
) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  item record;
BEGIN
  IF NOT pickup_slot_take(p_slot_start, p_orders_per_slot) THEN
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
  PERFORM production_minutes_hold(p_order_id, p_orders_per_slot < 2147483647);
END
$$;
