-- The production recount reads each step's day total from ItemDayUsage instead of every order of the day (decision
-- 090: the checkout under 20 concurrent customers); written from prisma/sql/ (prisma/sql/README.md).

-- An order's production minutes (issue 39, decision 088): for each resource and production day its items' steps
-- use (a step's day is the pickup date less its daysBefore; a step with an optionChoice counts only the lines with
-- that choice), the day's counter row is locked (created at 0 if new; resource, then date, in order, after the
-- pickup slot and the items' rows, so no deadlock) and its minutes recounted from every order holding capacity:
-- whole batches of each step's day total, never per order. A day total is the item's ItemDayUsage (pickup_hold and
-- order_hold_release move it before they call this), so the recount under the lock reads a row per step, not every
-- order of the day; only a step for one option choice sums that day's lines. With p_enforce, a day whose minutes this order would raise
-- above the resource's capacity (its weekday's minutes; none on a closure of the pickup schedule) raises BK003
-- (DETAIL one of the order's items on that resource, HINT the production day), so the caller's statement rolls back.
-- Without it (a release, a payment kept past its hold) the minutes are only recounted.
CREATE OR REPLACE FUNCTION production_minutes_hold(p_order_id text, p_enforce boolean)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_day record;
  v_current integer;
  v_needed integer;
  v_capacity integer;
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
    INSERT INTO "ProductionResourceDay" ("resourceId", "productionDate", "minutes")
    VALUES (v_day."resourceId", v_day."productionDate", 0)
    ON CONFLICT ("resourceId", "productionDate") DO NOTHING;
    SELECT d."minutes" INTO v_current FROM "ProductionResourceDay" d
    WHERE d."resourceId" = v_day."resourceId" AND d."productionDate" = v_day."productionDate"
    FOR UPDATE;
    SELECT COALESCE(sum(ceil(q."quantity"::numeric / q."batchSize") * q."minutesPerBatch"), 0)::integer
    INTO v_needed
    FROM (
      -- A step for every line: the item's held quantity that day, kept by every hold and release before this call.
      SELECT s."batchSize", s."minutesPerBatch", u."quantity"
      FROM "ProductionStep" s
      JOIN "ItemDayUsage" u ON u."menuItemId" = s."menuItemId" AND u."pickupDate" = v_day."productionDate" + s."daysBefore"
      WHERE s."resourceId" = v_day."resourceId" AND s."optionChoice" = ''
      UNION ALL
      -- A step for one option choice: that day's held lines with the choice (the day's orders by their index).
      SELECT s."batchSize", s."minutesPerBatch", l."quantity"
      FROM "ProductionStep" s
      CROSS JOIN LATERAL (
        SELECT sum(i."quantity") AS "quantity"
        FROM "Order" o
        JOIN "OrderItem" i ON i."orderId" = o."id"
        WHERE o."pickupDate" = v_day."productionDate" + s."daysBefore" AND o."capacityHeld"
          AND i."menuItemId" = s."menuItemId"
          AND EXISTS (SELECT 1 FROM jsonb_array_elements(i."options") AS e WHERE e ->> 'choice' = s."optionChoice")
      ) AS l
      WHERE s."resourceId" = v_day."resourceId" AND s."optionChoice" <> ''
    ) AS q;
    IF p_enforce AND v_needed > v_current THEN
      SELECT CASE WHEN EXISTS (
          SELECT 1 FROM "PickupClosure" c WHERE v_day."productionDate" BETWEEN c."startDate" AND c."endDate")
        THEN 0 ELSE r."minutesByWeekday"[extract(dow FROM v_day."productionDate")::integer + 1] END
      INTO v_capacity
      FROM "ProductionResource" r WHERE r."id" = v_day."resourceId";
      IF v_needed > COALESCE(v_capacity, 0) THEN
        RAISE EXCEPTION 'production of % on % is full', v_day."resourceId", v_day."productionDate"
          USING ERRCODE = 'BK003', DETAIL = v_day."menuItemId", HINT = v_day."productionDate"::text;
      END IF;
    END IF;
    UPDATE "ProductionResourceDay" SET "minutes" = v_needed
    WHERE "resourceId" = v_day."resourceId" AND "productionDate" = v_day."productionDate";
  END LOOP;
END
$$;
