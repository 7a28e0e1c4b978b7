-- Spends a payment's hold exactly once (the payment was paid): only a HELD hold moves to CAPTURED, so a replayed
-- or concurrent call, or one after the release, changes nothing. True when it spent the hold.
CREATE OR REPLACE FUNCTION wallet_hold_capture(p_account_id text, p_reference text)
RETURNS boolean LANGUAGE plpgsql AS $$
DECLARE
  v_amount integer;
  v_balance integer;
BEGIN
  PERFORM 1 FROM "WalletAccount" WHERE "id" = p_account_id FOR UPDATE;
  UPDATE "WalletHold" SET "status" = 'CAPTURED', "settledAt" = now()
  WHERE "accountId" = p_account_id AND "reference" = p_reference AND "status" = 'HELD'
  RETURNING "amountCents" INTO v_amount;
  IF NOT FOUND THEN
    RETURN false;
  END IF;
  UPDATE "WalletAccount" SET "heldCents" = "heldCents" - v_amount
  WHERE "id" = p_account_id
  RETURNING "balanceCents" INTO v_balance;
  INSERT INTO "WalletEntry" ("accountId", "kind", "amountCents", "heldChangeCents", "balanceAfterCents", "reference")
  VALUES (p_account_id, 'CAPTURE', 0, -v_amount, v_balance, p_reference);
  RETURN true;
END
$$;
