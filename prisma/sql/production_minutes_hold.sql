-- An order's production minutes (issue 39, decision 088): for each resource and production day its items' steps
-- use (a step's day is the pickup date less its daysBefore; a step with an optionChoice counts only the lines with
-- that choice), the day is recounted under its row lock (production_day_recount: resource, then date, in order, after
-- the pickup slot and the items' rows, so no deadlock) from everything holding capacity, the held cakes' minutes
-- included (production_day_minutes, decision 089): whole batches of each step's day total, never per order. A day
-- total is the item's ItemDayUsage (pickup_hold and order_hold_release move it before they call this). With
-- p_enforce, a day whose minutes this order would raise above the resource's capacity raises BK003 (DETAIL one of the
-- order's items on that resource, HINT the production day), so the caller's statement rolls back. Without it (a
-- release, a payment kept past its hold) the minutes are only recounted.
CREATE OR REPLACE FUNCTION production_minutes_hold(p_order_id text, p_enforce boolean)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_day record;
BEGIN
  FOR v_day IN
    SELECT s."resourceId", (o."pickupDate" - s."daysBefore") AS "productionDate", min(i."menuItemId") AS "menuItemId"
    FROM "Order" o
    JOIN "OrderItem" i ON i."orderId" = o."id"
    JOIN "ProductionStep" s ON s."menuItemId" = i."menuItemId"
    WHERE o."id" = p_order_id AND o."pickupDate" IS NOT NULL
      AND (s."optionChoice" = '' OR EXISTS (
        SELECT 1 FROM jsonb_array_elements(i."options") AS e WHERE e ->> 'choice' = s."optionChoice"))
    GROUP BY s."resourceId", o."pickupDate" - s."daysBefore"
    ORDER BY s."resourceId" COLLATE "C", 2
  LOOP
    IF NOT production_day_recount(v_day."resourceId", v_day."productionDate", p_enforce) THEN
      RAISE EXCEPTION 'production of % on % is full', v_day."resourceId", v_day."productionDate"
        USING ERRCODE = 'BK003', DETAIL = v_day."menuItemId", HINT = v_day."productionDate"::text;
    END IF;
  END LOOP;
END
$$;
