-- Tells every listening process that a paid order changed, in the transaction that changed it (decision 070):
-- paid, a status move, an arrival, a moved pickup. The live order boards re-read their day when they hear it.
-- `kind` is 'paid' for a newly paid order, 'arrived' for a first "I'm here", else 'changed'.
CREATE OR REPLACE FUNCTION order_board_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."paidAt" IS NULL THEN
    RETURN NULL;
  END IF;
  PERFORM pg_notify('bakery_board', json_build_object(
    'orderId', NEW."id",
    'kind', CASE
      WHEN OLD."paidAt" IS NULL THEN 'paid'
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
