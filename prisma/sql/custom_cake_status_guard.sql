-- Custom cake requests move only along the allowed transitions (decision 041): any other status change is
-- refused with SQLSTATE BK010. The same table, written once for the application, is
-- app/domain/cake-quotes/cake-request-states.ts; tests/integration/state-tables.test.ts holds the two together
-- (decision 055).
CREATE OR REPLACE FUNCTION custom_cake_status_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."status" IS DISTINCT FROM OLD."status" AND NOT ((OLD."status"::text, NEW."status"::text) IN (
    ('REQUESTED', 'QUOTED'), ('REQUESTED', 'CANCELLED'),
    ('QUOTED', 'REQUESTED'), ('QUOTED', 'DEPOSIT_PAID'), ('QUOTED', 'DECLINED'), ('QUOTED', 'EXPIRED'),
    ('QUOTED', 'CANCELLED'),
    ('DEPOSIT_PAID', 'PAID_IN_FULL'), ('DEPOSIT_PAID', 'CANCELLED'),
    ('PAID_IN_FULL', 'PICKED_UP'), ('PAID_IN_FULL', 'CANCELLED'),
    ('DECLINED', 'QUOTED'), ('DECLINED', 'CANCELLED'),
    ('EXPIRED', 'QUOTED'), ('EXPIRED', 'DEPOSIT_PAID'), ('EXPIRED', 'CANCELLED')
  )) THEN
    RAISE EXCEPTION 'custom cake request % cannot go from % to %', OLD."id", OLD."status", NEW."status"
      USING ERRCODE = 'BK010';
  END IF;
  RETURN NEW;
END
$$;

CREATE OR REPLACE TRIGGER "CustomCakeRequest_status_guard"
  BEFORE UPDATE OF "status" ON "CustomCakeRequest"
  FOR EACH ROW EXECUTE FUNCTION custom_cake_status_guard();
