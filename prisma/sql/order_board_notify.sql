-- Tells every listening process that a paid order changed, in the transaction that changed it (decision 070):
-- paid, a status move, an arrival, a moved pickup. The live order boards re-read their day when they hear it.
-- `kind` is 'paid' for a newly paid order, 'arrived' for a first "I'm here", else 'changed'. A phone order to be paid at
-- pickup (decision 075) counts from its confirmation: 'paid' then, 'changed' when its payment is recorded at handover.
CREATE OR REPLACE FUNCTION order_board_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."paidAt" IS NULL AND NOT (NEW."payAtPickup" AND NEW."status" <> 'PENDING') THEN
    RETURN NULL;
  END IF;
  PERFORM pg_notify('bakery_board', json_build_object(
    'orderId', NEW."id",
    'kind', CASE
      WHEN OLD."paidAt" IS NULL AND NOT (OLD."payAtPickup" AND OLD."status" <> 'PENDING') THEN 'paid'
      WHEN OLD."arrivedAt" IS NULL AND NEW."arrivedAt" IS NOT NULL THEN 'arrived'
      ELSE 'changed'
    END,
    'pickupDate', NEW."pickupDate",
    'previousPickupDate', OLD."pickupDate"
  )::text);
  RETURN NULL;
END
$$;

CREATE OR REPLACE TRIGGER "Order_board_notify"
  AFTER UPDATE OF "status", "paidAt", "pickupAt", "arrivedAt", "arrivalSpot", "arrivalCar" ON "Order"
  FOR EACH ROW EXECUTE FUNCTION order_board_notify();
