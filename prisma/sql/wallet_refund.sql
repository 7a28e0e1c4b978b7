-- Returns p_amount of a captured hold (p_hold_reference) to the same account, exactly once per p_refund_reference
-- (a unique index on REFUND entries): 'refunded', 'duplicate' (this refund was made already: nothing written),
-- 'not-captured' (no spent hold of that reference), 'too-much' (more than is left of it to refund), 'void'
-- (the account was voided: nothing written, the caller returns the money another way).
CREATE OR REPLACE FUNCTION wallet_refund(
  p_account_id text, p_hold_reference text, p_refund_reference text, p_amount integer
)
RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  v_status "WalletAccountStatus";
  v_hold record;
  v_balance integer;
  v_entry_id bigint;
BEGIN
  IF p_amount IS NULL OR p_amount <= 0 OR p_refund_reference IS NULL OR p_refund_reference = '' THEN
    RAISE EXCEPTION 'wallet_refund: % cents for % is not a refund', p_amount, p_refund_reference
      USING ERRCODE = 'BK021';
  END IF;
  SELECT "status" INTO v_status FROM "WalletAccount" WHERE "id" = p_account_id FOR UPDATE;
  IF v_status IS DISTINCT FROM 'ACTIVE' THEN
    RETURN 'void';
  END IF;
  IF EXISTS (SELECT 1 FROM "WalletEntry" WHERE "accountId" = p_account_id AND "kind" = 'REFUND'
      AND "reference" = p_refund_reference) THEN
    RETURN 'duplicate';
  END IF;
  SELECT "id", "amountCents", "refundedCents" INTO v_hold FROM "WalletHold"
  WHERE "accountId" = p_account_id AND "reference" = p_hold_reference AND "status" = 'CAPTURED';
  IF NOT FOUND THEN
    RETURN 'not-captured';
  END IF;
  IF v_hold."refundedCents" + p_amount > v_hold."amountCents" THEN
    RETURN 'too-much';
  END IF;
  UPDATE "WalletHold" SET "refundedCents" = "refundedCents" + p_amount WHERE "id" = v_hold."id";
  UPDATE "WalletAccount" SET "balanceCents" = "balanceCents" + p_amount
  WHERE "id" = p_account_id
  RETURNING "balanceCents" INTO v_balance;
  INSERT INTO "WalletEntry" ("accountId", "kind", "amountCents", "balanceAfterCents", "reference", "note")
  VALUES (p_account_id, 'REFUND', p_amount, v_balance, p_refund_reference, p_hold_reference)
  ON CONFLICT DO NOTHING
  RETURNING "id" INTO v_entry_id;
  IF v_entry_id IS NULL THEN
    RAISE EXCEPTION 'wallet_refund: % was made concurrently', p_refund_reference USING ERRCODE = 'BK022';
  END IF;
  RETURN 'refunded';
END
$$;
