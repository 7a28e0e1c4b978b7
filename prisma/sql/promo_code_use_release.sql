-- Gives an order's promo code use back, exactly once (decision 081): the use's releasedAt is set only if it was
-- live, and only then does the code's usedCount go down. True when it gave a use back.
CREATE OR REPLACE FUNCTION promo_code_use_release(p_order_id text)
RETURNS boolean LANGUAGE plpgsql AS $$
DECLARE
  v_promo_code_id text;
BEGIN
  UPDATE "PromoCodeUse" SET "releasedAt" = timezone('UTC', now())
  WHERE "orderId" = p_order_id AND "releasedAt" IS NULL
  RETURNING "promoCodeId" INTO v_promo_code_id;
  IF NOT FOUND THEN
    RETURN false;
  END IF;
  UPDATE "PromoCode" SET "usedCount" = "usedCount" - 1, "updatedAt" = timezone('UTC', now())
  WHERE "id" = v_promo_code_id;
  RETURN true;
END
$$;
