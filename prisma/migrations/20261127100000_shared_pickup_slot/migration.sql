-- Orders and cake quotes take and give back a place in a pickup slot through the same two functions
-- (decision 055): pickup_slot_take (pickup_hold now calls it; the quote model calls it too) and
-- pickup_slot_release. Written from prisma/sql/ (prisma/sql/README.md).

-- Takes one place in a pickup slot if it has room: true when taken, false when the slot is full (or has no
-- room at all). The one hold on a slot, for orders (pickup_hold) and cake quotes alike (decision 055): a
-- conditional upsert that locks the counter row (ON CONFLICT DO UPDATE) and only moves while it stays within
-- the limit, so concurrent holds queue on the row and never oversell it.
CREATE OR REPLACE FUNCTION pickup_slot_take(p_slot_start timestamptz, p_orders_per_slot integer)
RETURNS boolean LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "PickupSlotUsage" ("slotStart", "orders")
  SELECT p_slot_start, 1 WHERE p_orders_per_slot >= 1
  ON CONFLICT ("slotStart") DO UPDATE SET "orders" = "PickupSlotUsage"."orders" + 1
    WHERE "PickupSlotUsage"."orders" < p_orders_per_slot;
  RETURN FOUND;
END
$$;

-- Gives one place in a pickup slot back, for orders and cake quotes alike (decision 055). The caller gives back
-- only what it holds, exactly once: it first clears its own flag ("Order"."capacityHeld",
-- "CustomCakeRequest"."slotHeld") with a conditional update and calls this only when that update matched.
CREATE OR REPLACE FUNCTION pickup_slot_release(p_slot_start timestamptz)
RETURNS void LANGUAGE sql AS $$
  UPDATE "PickupSlotUsage" SET "orders" = "orders" - 1 WHERE "slotStart" = p_slot_start;
$$;

-- Reserves one order in its slot (pickup_slot_take, as a cake quote does) and each item's quantity for the day,
-- then marks the order as holding (decision 029). Conditional upserts: each counter row is locked by ON CONFLICT
-- DO UPDATE and only moves while it stays within its limit; locks are taken slot first, then items by id (no
-- deadlocks). Raises on refusal, BK001 the slot is full, BK002 an item's daily limit (DETAIL the menu item id,
-- HINT its limit), so the caller's transaction (or statement) rolls back everything it wrote.
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
END
$$;
