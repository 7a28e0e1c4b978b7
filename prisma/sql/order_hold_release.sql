-- Gives an order's pickup hold back, exactly once: the flag flips only if it was set, and only then do its slot
-- (pickup_slot_release) and each item's quantity for the day move back, items by id (the order pickup_hold takes
-- them in). p_only_pending_before restricts it to a pending order created before that instant (the sweep); null:
-- any order. True when it gave the hold back. An order no longer owed (cancelled, expired, refunded, or still pending:
-- not a move of a paid order's pickup) gives its promo code use back with it (promo_code_use_release, decision 081),
-- and what it held of gift cards and store credit (wallet_hold_release, in account order; decision 086). Its
-- production minutes are recounted without it (production_minutes_hold, decision 088).
CREATE OR REPLACE FUNCTION order_hold_release(p_order_id text, p_only_pending_before timestamptz)
RETURNS boolean LANGUAGE plpgsql AS $$
DECLARE
  v_pickup_at timestamptz;
  v_pickup_date date;
  v_status "OrderStatus";
  line record;
  v_hold record;
BEGIN
  UPDATE "Order" SET "capacityHeld" = false, "updatedAt" = timezone('UTC', now())
  WHERE "id" = p_order_id AND "capacityHeld"
    AND (p_only_pending_before IS NULL OR ("status" = 'PENDING' AND "createdAt" < p_only_pending_before))
  RETURNING "pickupAt", "pickupDate", "status" INTO v_pickup_at, v_pickup_date, v_status;
  IF NOT FOUND THEN
    RETURN false;
  END IF;
  IF v_pickup_at IS NOT NULL THEN
    PERFORM pickup_slot_release(v_pickup_at);
  END IF;
  IF v_pickup_date IS NOT NULL THEN
    FOR line IN
      SELECT i."menuItemId", sum(i."quantity")::integer AS "quantity"
      FROM "OrderItem" i
      WHERE i."orderId" = p_order_id AND i."menuItemId" IS NOT NULL
      GROUP BY i."menuItemId"
      ORDER BY i."menuItemId" COLLATE "C"
    LOOP
      UPDATE "ItemDayUsage" SET "quantity" = "quantity" - line."quantity"
      WHERE "menuItemId" = line."menuItemId" AND "pickupDate" = v_pickup_date;
    END LOOP;
  END IF;
  PERFORM production_minutes_hold(p_order_id, false);
  IF v_status NOT IN ('PAID', 'READY', 'PICKED_UP', 'NO_SHOW') THEN
    PERFORM promo_code_use_release(p_order_id);
    FOR v_hold IN
      SELECT h."accountId" FROM "WalletHold" h
      WHERE h."reference" = 'order:' || p_order_id AND h."status" = 'HELD'
      ORDER BY h."accountId" COLLATE "C"
    LOOP
      PERFORM wallet_hold_release(v_hold."accountId", 'order:' || p_order_id);
    END LOOP;
  END IF;
  RETURN true;
END
$$;
