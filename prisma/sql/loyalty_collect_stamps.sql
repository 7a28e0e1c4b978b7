-- The stamp card (decision 085): gives the customer a stamp for each of their orders that earns one and has none yet
-- (paid, picked up, paid since the card started, at least the minimum without the tip), then creates one reward for each
-- full card of stamps not yet rewarded (a reversed stamp no longer counts, so after a refund the next reward needs one
-- stamp more). Under a lock on the customer's row: two pickups at once count each other's stamp, and each reward is
-- created once (its number is unique too). Nothing while the card is off. Returns the rewards it created, for the
-- caller to credit in the same transaction.
CREATE OR REPLACE FUNCTION loyalty_collect_stamps(p_customer_id text)
RETURNS TABLE ("rewardNumber" integer, "rewardCents" integer)
LANGUAGE plpgsql AS $$
DECLARE
  v_program "LoyaltyProgram"%ROWTYPE;
  v_stamps integer;
  v_rewarded integer;
BEGIN
  SELECT * INTO v_program FROM "LoyaltyProgram" p WHERE p."id" = 1;
  IF NOT FOUND OR NOT v_program."enabled" OR v_program."startedAt" IS NULL THEN
    RETURN;
  END IF;
  PERFORM 1 FROM "Customer" c WHERE c."id" = p_customer_id FOR UPDATE;
  IF NOT FOUND THEN
    RETURN;
  END IF;
  INSERT INTO "LoyaltyStamp" ("orderId", "customerId")
  SELECT o."id", p_customer_id FROM "Order" o
  WHERE o."customerId" = p_customer_id AND o."status" = 'PICKED_UP' AND o."paidAt" >= v_program."startedAt"
    AND o."totalCents" - o."tipCents" >= v_program."minOrderCents"
  ON CONFLICT ("orderId") DO NOTHING;
  SELECT count(*) INTO v_stamps FROM "LoyaltyStamp" s WHERE s."customerId" = p_customer_id AND s."reversedAt" IS NULL;
  SELECT count(*) INTO v_rewarded FROM "LoyaltyReward" r WHERE r."customerId" = p_customer_id;
  RETURN QUERY
  INSERT INTO "LoyaltyReward" AS r ("id", "customerId", "number", "creditCents")
  SELECT gen_random_uuid()::text, p_customer_id, n, v_program."rewardCents"
  FROM generate_series(v_rewarded + 1, v_stamps / v_program."stampsPerReward") AS n
  RETURNING r."number", r."creditCents";
END
$$;
