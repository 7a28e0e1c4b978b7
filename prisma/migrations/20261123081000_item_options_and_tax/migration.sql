-- Item options (Size, Toppings, Message on the cake) and Washington sales tax (docs/decisions: item options, sales tax).

CREATE TYPE "OptionGroupKind" AS ENUM ('SINGLE', 'MULTIPLE', 'TEXT');
CREATE TYPE "TaxCategory" AS ENUM ('BAKERY', 'PREPARED_FOOD');

ALTER TABLE "MenuItem" ADD COLUMN "taxCategory" "TaxCategory" NOT NULL DEFAULT 'BAKERY';

CREATE TABLE "MenuOptionGroup" (
    "id" TEXT NOT NULL,
    "menuItemId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "kind" "OptionGroupKind" NOT NULL,
    "required" BOOLEAN NOT NULL DEFAULT false,
    "minChoices" INTEGER NOT NULL DEFAULT 0,
    "maxChoices" INTEGER,
    "maxLength" INTEGER NOT NULL DEFAULT 60,
    "position" INTEGER NOT NULL DEFAULT 0,
    CONSTRAINT "MenuOptionGroup_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "MenuOption" (
    "id" TEXT NOT NULL,
    "groupId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "priceDeltaCents" INTEGER NOT NULL DEFAULT 0,
    "soldOut" BOOLEAN NOT NULL DEFAULT false,
    "position" INTEGER NOT NULL DEFAULT 0,
    CONSTRAINT "MenuOption_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "MenuOptionGroup_menuItemId_position_idx" ON "MenuOptionGroup"("menuItemId", "position");
CREATE INDEX "MenuOption_groupId_position_idx" ON "MenuOption"("groupId", "position");

ALTER TABLE "MenuOptionGroup" ADD CONSTRAINT "MenuOptionGroup_menuItemId_fkey" FOREIGN KEY ("menuItemId") REFERENCES "MenuItem"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "MenuOption" ADD CONSTRAINT "MenuOption_groupId_fkey" FOREIGN KEY ("groupId") REFERENCES "MenuOptionGroup"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Checks Prisma cannot express (hand-written). The admin form refuses the same values with words.
ALTER TABLE "MenuOptionGroup"
  ADD CONSTRAINT "MenuOptionGroup_name_check" CHECK (length(btrim("name")) BETWEEN 1 AND 60),
  ADD CONSTRAINT "MenuOptionGroup_choices_check" CHECK (
    "minChoices" BETWEEN 0 AND 20 AND ("maxChoices" IS NULL OR "maxChoices" BETWEEN greatest("minChoices", 1) AND 20)
  ),
  -- Only a MULTIPLE group counts choices; SINGLE and TEXT say "required" instead.
  ADD CONSTRAINT "MenuOptionGroup_kind_check" CHECK ("kind" = 'MULTIPLE' OR ("minChoices" = 0 AND "maxChoices" IS NULL)),
  ADD CONSTRAINT "MenuOptionGroup_maxLength_check" CHECK ("maxLength" BETWEEN 1 AND 200);

ALTER TABLE "MenuOption"
  ADD CONSTRAINT "MenuOption_name_check" CHECK (length(btrim("name")) BETWEEN 1 AND 60),
  -- A choice adds to the price, never takes away: the item's own price is the smallest one offered.
  ADD CONSTRAINT "MenuOption_priceDelta_check" CHECK ("priceDeltaCents" BETWEEN 0 AND 100000);

-- Orders: the tax inside the total; each line's options and tax as they were when ordered.
ALTER TABLE "Order" ADD COLUMN "taxCents" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "Order" ADD CONSTRAINT "Order_taxCents_check" CHECK ("taxCents" BETWEEN 0 AND "totalCents");

ALTER TABLE "OrderItem"
  ADD COLUMN "options" JSONB NOT NULL DEFAULT '[]',
  ADD COLUMN "taxCategory" "TaxCategory" NOT NULL DEFAULT 'BAKERY',
  ADD COLUMN "taxCents" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "OrderItem"
  ADD CONSTRAINT "OrderItem_options_check" CHECK (jsonb_typeof("options") = 'array'),
  ADD CONSTRAINT "OrderItem_taxCents_check" CHECK ("taxCents" >= 0);

-- The checkout's order with its lines (now with options and tax) and its pickup hold, in one statement.
-- Same contract as before: on refusal nothing is written and a refusal row comes back.
CREATE OR REPLACE FUNCTION place_pending_order(
  p_order jsonb,
  p_lines jsonb,
  p_slot_start timestamptz,
  p_pickup_date date,
  p_orders_per_slot integer
) RETURNS TABLE ("refusal" text, "menuItemId" text, "dailyLimit" integer) LANGUAGE plpgsql AS $$
DECLARE
  v_order_id text := p_order ->> 'id';
  v_item text;
  v_limit text;
BEGIN
  BEGIN
    INSERT INTO "Order" ("id", "customerName", "customerEmail", "customerPhone", "currency", "totalCents", "taxCents",
      "createdAt", "updatedAt")
    SELECT v_order_id, p_order ->> 'customerName', p_order ->> 'customerEmail', p_order ->> 'customerPhone',
      p_order ->> 'currency', sums."total" + sums."tax", sums."tax",
      timezone('UTC', now()), timezone('UTC', now())
    FROM (
      SELECT sum(x."unitPriceCents" * x."quantity")::integer AS "total", COALESCE(sum(x."taxCents"), 0)::integer AS "tax"
      FROM jsonb_to_recordset(p_lines) AS x("unitPriceCents" integer, "quantity" integer, "taxCents" integer)
    ) AS sums;
    INSERT INTO "OrderItem" ("id", "orderId", "menuItemId", "name", "unitPriceCents", "quantity", "options",
      "taxCategory", "taxCents")
    SELECT v_order_id || '-' || lpad(x."line"::text, 2, '0'), v_order_id, x."menuItemId", x."name",
      x."unitPriceCents", x."quantity", COALESCE(x."options", '[]'::jsonb),
      COALESCE(x."taxCategory", 'BAKERY')::"TaxCategory", COALESCE(x."taxCents", 0)
    FROM ROWS FROM (
      jsonb_to_recordset(p_lines) AS ("menuItemId" text, "name" text, "unitPriceCents" integer, "quantity" integer,
        "options" jsonb, "taxCategory" text, "taxCents" integer)
    ) WITH ORDINALITY AS x("menuItemId", "name", "unitPriceCents", "quantity", "options", "taxCategory", "taxCents", "line");
    PERFORM pickup_hold(v_order_id, p_slot_start, p_pickup_date, p_orders_per_slot, p_lines);
  EXCEPTION
    WHEN SQLSTATE 'BK001' THEN
      RETURN QUERY SELECT 'slot-full'::text, NULL::text, NULL::integer;
    WHEN SQLSTATE 'BK002' THEN
      GET STACKED DIAGNOSTICS v_item = PG_EXCEPTION_DETAIL, v_limit = PG_EXCEPTION_HINT;
      RETURN QUERY SELECT 'item-limit'::text, v_item, v_limit::integer;
  END;
END
$$;
