-- The wallet's entries are its history: once written they never change or disappear (BK020). Corrections are new
-- entries (a refund, a void), written by the wallet's functions.
CREATE OR REPLACE FUNCTION wallet_entry_append_only()
RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'wallet entries are append-only (% refused)', TG_OP USING ERRCODE = 'BK020';
END
$$;

CREATE OR REPLACE TRIGGER "WalletEntry_append_only"
  BEFORE UPDATE OR DELETE ON "WalletEntry"
  FOR EACH ROW EXECUTE FUNCTION wallet_entry_append_only();
