-- Recounts one resource's production day under its row lock (issue 39, decisions 088, 089): the counter row is
-- created at 0 if new and locked, then set to production_day_minutes. With p_enforce, a day whose minutes would rise
-- above both the counter and the resource's capacity (its weekday's minutes; none on a closure of the pickup
-- schedule) is left as it was and false returned, for the caller to raise its own refusal (BK003); a day already over
-- capacity (the owner lowered it) refuses only work that adds minutes. Callers lock their days in one order
-- (resource COLLATE "C", then date), after the pickup slot, so holds and releases never deadlock.
CREATE OR REPLACE FUNCTION production_day_recount(p_resource_id text, p_date date, p_enforce boolean)
RETURNS boolean LANGUAGE plpgsql AS $$
DECLARE
  v_current integer;
  v_needed integer;
  v_capacity integer;
BEGIN
  INSERT INTO "ProductionResourceDay" ("resourceId", "productionDate", "minutes")
  VALUES (p_resource_id, p_date, 0)
  ON CONFLICT ("resourceId", "productionDate") DO NOTHING;
  SELECT d."minutes" INTO v_current FROM "ProductionResourceDay" d
  WHERE d."resourceId" = p_resource_id AND d."productionDate" = p_date
  FOR UPDATE;
  v_needed := production_day_minutes(p_resource_id, p_date);
  IF p_enforce AND v_needed > v_current THEN
    SELECT CASE WHEN EXISTS (
        SELECT 1 FROM "PickupClosure" c WHERE p_date BETWEEN c."startDate" AND c."endDate")
      THEN 0 ELSE r."minutesByWeekday"[extract(dow FROM p_date)::integer + 1] END
    INTO v_capacity
    FROM "ProductionResource" r WHERE r."id" = p_resource_id;
    IF v_needed > COALESCE(v_capacity, 0) THEN
      RETURN false;
    END IF;
  END IF;
  UPDATE "ProductionResourceDay" SET "minutes" = v_needed
  WHERE "resourceId" = p_resource_id AND "productionDate" = p_date;
  RETURN true;
END
$$;
