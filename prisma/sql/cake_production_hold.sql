-- A custom cake's production minutes (issue 39, decision 089): for each of its quote's steps (CakeProductionStep:
-- a resource, minutes, days before the pickup) and for each extra day given (p_released_resources[i] on
-- p_released_dates[i]: the days a changed quote held before, to give back in the same pass), the resource's day is
-- recounted under its row lock (production_day_recount), all days in one order (resource COLLATE "C", then date),
-- after the pickup slot, as an order's hold locks them. The recount counts the cake only while it holds its slot, so
-- the caller calls this after taking the slot (p_enforce: a day this cake would raise above the resource's capacity
-- raises BK003, DETAIL the resource, HINT the production day, and the caller's transaction rolls back) and after
-- giving it back (no enforce: the minutes return to the day, exactly). A payment kept past its quote's expiry takes
-- them again without enforcing, as it takes its slot (decision 030).
CREATE OR REPLACE FUNCTION cake_production_hold(
  p_request_id text,
  p_enforce boolean,
  p_released_resources text[],
  p_released_dates date[]
) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_day record;
BEGIN
  FOR v_day IN
    SELECT d."resourceId", d."productionDate"
    FROM (
      SELECT c."resourceId", (r."pickupDate" - c."daysBefore") AS "productionDate"
      FROM "CakeProductionStep" c
      JOIN "CustomCakeRequest" r ON r."id" = c."requestId"
      WHERE c."requestId" = p_request_id AND r."pickupDate" IS NOT NULL
      UNION
      SELECT u."resourceId", u."productionDate"
      FROM unnest(p_released_resources, p_released_dates) AS u("resourceId", "productionDate")
      WHERE EXISTS (SELECT 1 FROM "ProductionResource" p WHERE p."id" = u."resourceId")
    ) AS d
    ORDER BY d."resourceId" COLLATE "C", d."productionDate"
  LOOP
    IF NOT production_day_recount(v_day."resourceId", v_day."productionDate", p_enforce) THEN
      RAISE EXCEPTION 'production of % on % is full', v_day."resourceId", v_day."productionDate"
        USING ERRCODE = 'BK003', DETAIL = v_day."resourceId", HINT = v_day."productionDate"::text;
    END IF;
  END LOOP;
END
$$;
