-- Custom cakes hold the production minutes their quote states (issue 39, decision 089): the steps table, and the
-- recount of a resource's day shared by orders and cakes; functions written from prisma/sql/ (prisma/sql/README.md).

-- CreateTable
CREATE TABLE "CakeProductionStep" (
    "requestId" TEXT NOT NULL,
    "resourceId" TEXT NOT NULL,
    "minutes" INTEGER NOT NULL,
    "daysBefore" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "CakeProductionStep_pkey" PRIMARY KEY ("requestId","resourceId")
);

-- CreateIndex
CREATE INDEX "CakeProductionStep_resourceId_idx" ON "CakeProductionStep"("resourceId");

-- AddForeignKey
ALTER TABLE "CakeProductionStep" ADD CONSTRAINT "CakeProductionStep_requestId_fkey" FOREIGN KEY ("requestId") REFERENCES "CustomCakeRequest"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CakeProductionStep" ADD CONSTRAINT "CakeProductionStep_resourceId_fkey" FOREIGN KEY ("resourceId") REFERENCES "ProductionResource"("id") ON DELETE CASCADE ON UPDATE CASCADE;

ALTER TABLE "CakeProductionStep"
  ADD CONSTRAINT "CakeProductionStep_minutes_check" CHECK ("minutes" BETWEEN 1 AND 1440),
  ADD CONSTRAINT "CakeProductionStep_days_check" CHECK ("daysBefore" BETWEEN 0 AND 7);

-- The minutes one resource's production day needs (issue 39, decisions 088, 089), from everything holding capacity:
-- the orders' steps in whole batches of each step's day total (a whole-item step's total is the item's ItemDayUsage,
-- moved by every hold and release; an option step sums that day's held lines with its choice), plus the minutes the
-- custom cakes holding their slot need that day (a cake step's day is the pickup date less its daysBefore). The one
-- recount both an order's hold (production_minutes_hold) and a quote's (cake_production_hold) run under the day's
-- row lock (production_day_recount), so neither forgets what the other holds.
CREATE OR REPLACE FUNCTION production_day_minutes(p_resource_id text, p_date date)
RETURNS integer LANGUAGE sql STABLE AS $$
  SELECT (
    COALESCE((
      SELECT sum(ceil(q."quantity"::numeric / q."batchSize") * q."minutesPerBatch")
      FROM (
        -- A step for every line: the item's held quantity that day.
        SELECT s."batchSize", s."minutesPerBatch", u."quantity"
        FROM "ProductionStep" s
        JOIN "ItemDayUsage" u ON u."menuItemId" = s."menuItemId" AND u."pickupDate" = p_date + s."daysBefore"
        WHERE s."resourceId" = p_resource_id AND s."optionChoice" = ''
        UNION ALL
        -- A step for one option choice: that day's held lines with the choice (the day's orders by their index).
        SELECT s."batchSize", s."minutesPerBatch", l."quantity"
        FROM "ProductionStep" s
        CROSS JOIN LATERAL (
          SELECT sum(i."quantity") AS "quantity"
          FROM "Order" o
          JOIN "OrderItem" i ON i."orderId" = o."id"
          WHERE o."pickupDate" = p_date + s."daysBefore" AND o."capacityHeld"
            AND i."menuItemId" = s."menuItemId"
            AND EXISTS (SELECT 1 FROM jsonb_array_elements(i."options") AS e WHERE e ->> 'choice' = s."optionChoice")
        ) AS l
        WHERE s."resourceId" = p_resource_id AND s."optionChoice" <> ''
      ) AS q
    ), 0)
    + COALESCE((
      -- The cakes whose quote holds its slot: each step's minutes as the owner stated them.
      SELECT sum(c."minutes")
      FROM "CakeProductionStep" c
      JOIN "CustomCakeRequest" r ON r."id" = c."requestId"
      WHERE c."resourceId" = p_resource_id AND r."slotHeld" AND r."pickupDate" = p_date + c."daysBefore"
    ), 0)
  )::integer
$$;

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

