-- Voids an account with the owner's reason: its spendable balance leaves (a VOID entry) and nothing more can be
-- held on it. A live hold stays: its payment may still be paid (captured) or released, when the amount is voided
-- too (wallet_hold_release). The amount voided; null when the account is unknown or already void.
CREATE OR REPLACE FUNCTION wallet_void(p_account_id text, p_reason text, p_voided_by text)
RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  v_balance integer;
BEGIN
  SELECT "balanceCents" INTO v_balance FROM "WalletAccount"
  WHERE "id" = p_account_id AND "status" = 'ACTIVE' FOR UPDATE;
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  UPDATE "WalletAccount" SET "status" = 'VOID', "balanceCents" = 0, "voidedAt" = now(),
    "voidReason" = p_reason, "voidedBy" = p_voided_by
  WHERE "id" = p_account_id;
  INSERT INTO "WalletEntry" ("accountId", "kind", "amountCents", "balanceAfterCents", "note", "createdBy")
  VALUES (p_account_id, 'VOID', -v_balance, 0, COALESCE(p_reason, ''), p_voided_by);
  RETURN v_balance;
END
$$;
