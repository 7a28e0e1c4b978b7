-- Puts money on an active account (a card issued or bought, store credit given) with its entry, the row locked.
-- p_kind is ISSUE, PURCHASE or CREDIT; p_reference says why (store credit: 'refund' or 'goodwill'). The new
-- balance; null when the account is unknown or void (nothing written).
CREATE OR REPLACE FUNCTION wallet_deposit(
  p_account_id text, p_kind "WalletEntryKind", p_amount integer, p_reference text, p_note text, p_created_by text
)
RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  v_balance integer;
BEGIN
  IF p_amount IS NULL OR p_amount <= 0 OR p_kind NOT IN ('ISSUE', 'PURCHASE', 'CREDIT') THEN
    RAISE EXCEPTION 'wallet_deposit: % of % cents is not a deposit', p_kind, p_amount USING ERRCODE = 'BK021';
  END IF;
  UPDATE "WalletAccount" SET "balanceCents" = "balanceCents" + p_amount
  WHERE "id" = p_account_id AND "status" = 'ACTIVE'
  RETURNING "balanceCents" INTO v_balance;
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  INSERT INTO "WalletEntry" ("accountId", "kind", "amountCents", "balanceAfterCents", "reference", "note", "createdBy")
  VALUES (p_account_id, p_kind, p_amount, v_balance, p_reference, COALESCE(p_note, ''), p_created_by);
  RETURN v_balance;
END
$$;
