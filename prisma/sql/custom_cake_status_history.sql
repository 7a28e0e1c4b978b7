-- Who changed a custom cake request, when: one "CustomCakeStatusChange" row per status change and per changed
-- quote (same status, new version); who is the transaction's `bakery.actor` setting (decision 041).
CREATE OR REPLACE FUNCTION custom_cake_status_history() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."status" IS DISTINCT FROM OLD."status" OR NEW."quoteVersion" IS DISTINCT FROM OLD."quoteVersion" THEN
    INSERT INTO "CustomCakeStatusChange" ("requestId", "fromStatus", "toStatus", "quoteVersion", "actor")
    VALUES (NEW."id", OLD."status", NEW."status", NEW."quoteVersion",
      COALESCE(NULLIF(current_setting('bakery.actor', true), ''), 'system'));
  END IF;
  RETURN NULL;
END
$$;

CREATE OR REPLACE TRIGGER "CustomCakeRequest_status_history"
  AFTER UPDATE OF "status", "quoteVersion" ON "CustomCakeRequest"
  FOR EACH ROW EXECUTE FUNCTION custom_cake_status_history();
