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
