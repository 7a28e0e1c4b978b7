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
