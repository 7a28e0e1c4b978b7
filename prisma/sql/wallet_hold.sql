-- Holds p_amount of an account for a payment (p_reference: 'order:<id>', 'cake-payment:<id>'), the account's row
-- locked first so concurrent holds queue: 'held' (balance to held, a HOLD entry), 'insufficient' (the balance
-- cannot cover it: nothing written), 'void', 'unknown' or 'duplicate' (this reference already has a hold on this
-- account: nothing written). Always with the balance as it is now, which the caller tells the customer.
-- A checkout holding on two accounts locks them in id order (call this in that order) so two never deadlock.
CREATE OR REPLACE FUNCTION wallet_hold(p_account_id text, p_reference text, p_amount integer)
RETURNS TABLE (outcome text, balance_cents integer) LANGUAGE plpgsql AS $$
DECLARE
  v_account record;
  v_hold_id text;
BEGIN
  IF p_amount IS NULL OR p_amount <= 0 OR p_reference IS NULL OR p_reference = '' THEN
    RAISE EXCEPTION 'wallet_hold: % cents for % is not a hold', p_amount, p_reference USING ERRCODE = 'BK021';
  END IF;
  SELECT "status", "balanceCents" INTO v_account FROM "WalletAccount" WHERE "id" = p_account_id FOR UPDATE;
  IF NOT FOUND THEN
    RETURN QUERY SELECT 'unknown'::text, 0;
    RETURN;
  END IF;
  IF v_account."status" <> 'ACTIVE' THEN
    RETURN QUERY SELECT 'void'::text, 0;
    RETURN;
  END IF;
  IF v_account."balanceCents" < p_amount THEN
    RETURN QUERY SELECT 'insufficient'::text, v_account."balanceCents";
    RETURN;
  END IF;
  INSERT INTO "WalletHold" ("id", "accountId", "reference", "amountCents")
  VALUES (gen_random_uuid()::text, p_account_id, p_reference, p_amount)
  ON CONFLICT ("accountId", "reference") DO NOTHING
  RETURNING "id" INTO v_hold_id;
  IF v_hold_id IS NULL THEN
    RETURN QUERY SELECT 'duplicate'::text, v_account."balanceCents";
    RETURN;
  END IF;
  UPDATE "WalletAccount" SET "balanceCents" = "balanceCents" - p_amount, "heldCents" = "heldCents" + p_amount
  WHERE "id" = p_account_id;
  INSERT INTO "WalletEntry" ("accountId", "kind", "amountCents", "heldChangeCents", "balanceAfterCents", "reference")
  VALUES (p_account_id, 'HOLD', -p_amount, p_amount, v_account."balanceCents" - p_amount, p_reference);
  RETURN QUERY SELECT 'held'::text, v_account."balanceCents" - p_amount;
END
$$;
