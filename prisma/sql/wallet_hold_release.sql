-- Gives a payment's hold back to its account exactly once (the payment expired, was cancelled or failed): only a
-- HELD hold moves to RELEASED, so a replayed or concurrent call, or one after the capture, changes nothing. On a
-- voided account the amount returned is voided again at once (it left the liability with the card). True when it
-- gave the hold back.
CREATE OR REPLACE FUNCTION wallet_hold_release(p_account_id text, p_reference text)
RETURNS boolean LANGUAGE plpgsql AS $$
DECLARE
  v_status "WalletAccountStatus";
  v_amount integer;
  v_balance integer;
BEGIN
  SELECT "status" INTO v_status FROM "WalletAccount" WHERE "id" = p_account_id FOR UPDATE;
  UPDATE "WalletHold" SET "status" = 'RELEASED', "settledAt" = now()
  WHERE "accountId" = p_account_id AND "reference" = p_reference AND "status" = 'HELD'
  RETURNING "amountCents" INTO v_amount;
  IF NOT FOUND THEN
    RETURN false;
  END IF;
  UPDATE "WalletAccount" SET "balanceCents" = "balanceCents" + v_amount, "heldCents" = "heldCents" - v_amount
  WHERE "id" = p_account_id
  RETURNING "balanceCents" INTO v_balance;
  INSERT INTO "WalletEntry" ("accountId", "kind", "amountCents", "heldChangeCents", "balanceAfterCents", "reference")
  VALUES (p_account_id, 'RELEASE', v_amount, -v_amount, v_balance, p_reference);
  IF v_status = 'VOID' THEN
    UPDATE "WalletAccount" SET "balanceCents" = 0 WHERE "id" = p_account_id;
    INSERT INTO "WalletEntry" ("accountId", "kind", "amountCents", "balanceAfterCents", "reference", "note")
    VALUES (p_account_id, 'VOID', -v_balance, 0, p_reference, 'released after the card was voided');
  END IF;
  RETURN true;
END
$$;
