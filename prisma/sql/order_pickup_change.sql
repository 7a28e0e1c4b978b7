-- Moves a paid order's pickup to another slot, all or nothing (decision 064): the order's row is locked first,
-- then both slots' counters and every item-day counter involved, in one global order (slot starts, then items by
-- id and date), so a move never deadlocks with another move, a checkout or a release. The old hold is given back
-- (order_hold_release) and the new one taken (pickup_hold) in a sub-block: a full slot (BK001) or an item's daily
-- limit (BK002) rolls both back and changes nothing. The new hold's quantities are the order's own lines with
-- each item's daily limit now. Only a PAID order that holds its capacity moves, and only while its pickup is more
-- than p_lock_hours away, unless p_may_override (the owner; the change records that it overrode the lock time).
-- Returns the outcome ('moved', 'not-found', 'not-movable', 'locked', 'same-slot', 'slot-full', 'item-limit'),
-- the item and its limit for 'item-limit', the old pickup and the change's id (written with who moved it).
CREATE OR REPLACE FUNCTION order_pickup_change(
  p_order_id text,
  p_slot_start timestamptz,
  p_pickup_date date,
  p_orders_per_slot integer,
  p_lock_hours integer,
  p_may_override boolean,
  p_actor text
) RETURNS TABLE ("outcome" text, "menuItemId" text, "dailyLimit" integer, "fromPickupAt" timestamptz, "changeId" text)
LANGUAGE plpgsql AS $$
DECLARE
  v_order record;
  v_item text;
  v_limit text;
  v_change_id text;
  v_locked boolean;
  v_items jsonb;
BEGIN
  SELECT o."status", o."capacityHeld", o."pickupAt", o."pickupDate" INTO v_order
  FROM "Order" o WHERE o."id" = p_order_id FOR UPDATE;
  IF NOT FOUND THEN
    RETURN QUERY SELECT 'not-found'::text, NULL::text, NULL::integer, NULL::timestamptz, NULL::text;
    RETURN;
  END IF;
  IF v_order."status" <> 'PAID' OR NOT v_order."capacityHeld" OR v_order."pickupAt" IS NULL THEN
    RETURN QUERY SELECT 'not-movable'::text, NULL::text, NULL::integer, v_order."pickupAt", NULL::text;
    RETURN;
  END IF;
  v_locked := v_order."pickupAt" - make_interval(hours => p_lock_hours) <= now();
  IF v_locked AND NOT p_may_override THEN
    RETURN QUERY SELECT 'locked'::text, NULL::text, NULL::integer, v_order."pickupAt", NULL::text;
    RETURN;
  END IF;
  IF v_order."pickupAt" = p_slot_start THEN
    RETURN QUERY SELECT 'same-slot'::text, NULL::text, NULL::integer, v_order."pickupAt", NULL::text;
    RETURN;
  END IF;

  INSERT INTO "PickupSlotUsage" ("slotStart", "orders")
  VALUES (v_order."pickupAt", 0), (p_slot_start, 0) ON CONFLICT ("slotStart") DO NOTHING;
  PERFORM 1 FROM "PickupSlotUsage" u WHERE u."slotStart" IN (v_order."pickupAt", p_slot_start)
  ORDER BY u."slotStart" FOR UPDATE;
  INSERT INTO "ItemDayUsage" ("menuItemId", "pickupDate", "quantity")
  SELECT DISTINCT i."menuItemId", d."day", 0
  FROM "OrderItem" i CROSS JOIN (VALUES (v_order."pickupDate"), (p_pickup_date)) AS d("day")
  WHERE i."orderId" = p_order_id AND i."menuItemId" IS NOT NULL
  ON CONFLICT ON CONSTRAINT "ItemDayUsage_pkey" DO NOTHING;
  PERFORM 1 FROM "ItemDayUsage" u
  WHERE u."pickupDate" IN (v_order."pickupDate", p_pickup_date)
    AND u."menuItemId" IN (SELECT i."menuItemId" FROM "OrderItem" i WHERE i."orderId" = p_order_id)
  ORDER BY u."menuItemId" COLLATE "C", u."pickupDate" FOR UPDATE;

  SELECT COALESCE(jsonb_agg(jsonb_build_object('menuItemId', l."menuItemId", 'quantity', l."quantity",
    'dailyLimit', m."dailyLimit") ORDER BY l."menuItemId" COLLATE "C"), '[]'::jsonb) INTO v_items
  FROM (
    SELECT i."menuItemId", sum(i."quantity")::integer AS "quantity" FROM "OrderItem" i
    WHERE i."orderId" = p_order_id AND i."menuItemId" IS NOT NULL GROUP BY i."menuItemId"
  ) AS l JOIN "MenuItem" m ON m."id" = l."menuItemId";

  BEGIN
    IF NOT order_hold_release(p_order_id, NULL) THEN
      RAISE EXCEPTION 'order % holds no capacity', p_order_id;
    END IF;
    PERFORM pickup_hold(p_order_id, p_slot_start, p_pickup_date, p_orders_per_slot, v_items);
  EXCEPTION
    WHEN SQLSTATE 'BK001' THEN
      RETURN QUERY SELECT 'slot-full'::text, NULL::text, NULL::integer, v_order."pickupAt", NULL::text;
      RETURN;
    WHEN SQLSTATE 'BK002' THEN
      GET STACKED DIAGNOSTICS v_item = PG_EXCEPTION_DETAIL, v_limit = PG_EXCEPTION_HINT;
      RETURN QUERY SELECT 'item-limit'::text, v_item, v_limit::integer, v_order."pickupAt", NULL::text;
      RETURN;
    -- The new day's production is full (decision 088): said as the item's limit for that day, no count.
    WHEN SQLSTATE 'BK003' THEN
      GET STACKED DIAGNOSTICS v_item = PG_EXCEPTION_DETAIL;
      RETURN QUERY SELECT 'item-limit'::text, v_item, 0, v_order."pickupAt", NULL::text;
      RETURN;
  END;

  INSERT INTO "OrderPickupChange" ("orderId", "fromPickupAt", "toPickupAt", "actor", "lockOverridden")
  VALUES (p_order_id, v_order."pickupAt", p_slot_start, p_actor, v_locked)
  RETURNING "id" INTO v_change_id;
  RETURN QUERY SELECT 'moved'::text, NULL::text, NULL::integer, v_order."pickupAt", v_change_id;
END
$$;
