-- Gives one place in a pickup slot back, for orders and cake quotes alike (decision 055). The caller gives back
-- only what it holds, exactly once: it first clears its own flag ("Order"."capacityHeld",
-- "CustomCakeRequest"."slotHeld") with a conditional update and calls this only when that update matched.
CREATE OR REPLACE FUNCTION pickup_slot_release(p_slot_start timestamptz)
RETURNS void LANGUAGE sql AS $$
  UPDATE "PickupSlotUsage" SET "orders" = "orders" - 1 WHERE "slotStart" = p_slot_start;
$$;
