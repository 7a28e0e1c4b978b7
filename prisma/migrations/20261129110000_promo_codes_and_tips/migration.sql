-- Promo codes and tips (issue 38, decisions 080 and 081): the discount and tip on the order, the codes and their
-- uses; place_pending_order takes a use, order_hold_release gives it back. Functions written from prisma/sql/.

-- CreateEnum
CREATE TYPE "PromoDiscountKind" AS ENUM ('PERCENT', 'AMOUNT');

-- AlterTable
ALTER TABLE "Order" ADD COLUMN     "discountCents" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "promoCode" VARCHAR(40),
ADD COLUMN     "tipCents" INTEGER NOT NULL DEFAULT 0;

-- AlterTable
ALTER TABLE "OrderItem" ADD COLUMN     "discountCents" INTEGER NOT NULL DEFAULT 0;

-- CreateTable
CREATE TABLE "PromoCode" (
    "id" TEXT NOT NULL,
    "code" VARCHAR(40) NOT NULL,
    "kind" "PromoDiscountKind" NOT NULL,
    "percentOff" INTEGER,
    "amountOffCents" INTEGER,
    "minimumOrderCents" INTEGER NOT NULL DEFAULT 0,
    "menuItemIds" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "categories" "MenuCategory"[] DEFAULT ARRAY[]::"MenuCategory"[],
    "startsAt" TIMESTAMPTZ(3),
    "endsAt" TIMESTAMPTZ(3),
    "maxUses" INTEGER,
    "maxUsesPerCustomer" INTEGER,
    "firstOrderOnly" BOOLEAN NOT NULL DEFAULT false,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "usedCount" INTEGER NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "PromoCode_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "PromoCodeUse" (
    "orderId" TEXT NOT NULL,
    "promoCodeId" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "customerId" TEXT,
    "discountCents" INTEGER NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "releasedAt" TIMESTAMPTZ(3),

    CONSTRAINT "PromoCodeUse_pkey" PRIMARY KEY ("orderId")
);

-- CreateIndex
CREATE UNIQUE INDEX "PromoCode_code_key" ON "PromoCode"("code");

-- CreateIndex
CREATE INDEX "PromoCodeUse_promoCodeId_email_idx" ON "PromoCodeUse"("promoCodeId", "email");

-- CreateIndex
CREATE INDEX "PromoCodeUse_promoCodeId_customerId_idx" ON "PromoCodeUse"("promoCodeId", "customerId");

-- AddForeignKey
ALTER TABLE "PromoCodeUse" ADD CONSTRAINT "PromoCodeUse_orderId_fkey" FOREIGN KEY ("orderId") REFERENCES "Order"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PromoCodeUse" ADD CONSTRAINT "PromoCodeUse_promoCodeId_fkey" FOREIGN KEY ("promoCodeId") REFERENCES "PromoCode"("id") ON DELETE RESTRICT ON UPDATE CASCADE;


-- The figures the database guarantees whatever the application sends.
ALTER TABLE "Order" ADD CONSTRAINT "Order_discountCents_check" CHECK ("discountCents" >= 0),
  ADD CONSTRAINT "Order_tipCents_check" CHECK ("tipCents" >= 0);
ALTER TABLE "OrderItem" ADD CONSTRAINT "OrderItem_discountCents_check"
  CHECK ("discountCents" >= 0 AND "discountCents" <= "unitPriceCents" * "quantity");
ALTER TABLE "PromoCode" ADD CONSTRAINT "PromoCode_usedCount_check" CHECK ("usedCount" >= 0),
  ADD CONSTRAINT "PromoCode_amount_check" CHECK (
    ("kind" = 'PERCENT' AND "percentOff" BETWEEN 1 AND 100 AND "amountOffCents" IS NULL)
    OR ("kind" = 'AMOUNT' AND "amountOffCents" > 0 AND "percentOff" IS NULL)),
  ADD CONSTRAINT "PromoCode_limits_check" CHECK ("minimumOrderCents" >= 0
    AND ("maxUses" IS NULL OR "maxUses" > 0) AND ("maxUsesPerCustomer" IS NULL OR "maxUsesPerCustomer" > 0)
    AND ("startsAt" IS NULL OR "endsAt" IS NULL OR "startsAt" < "endsAt"));

-- Gives an order's promo code use back, exactly once (decision 081): the use's releasedAt is set only if it was
-- live, and only then does the code's usedCount go down. True when it gave a use back.
CREATE OR REPLACE FUNCTION promo_code_use_release(p_order_id text)
RETURNS boolean LANGUAGE plpgsql AS $$
DECLARE
  v_promo_code_id text;
BEGIN
  UPDATE "PromoCodeUse" SET "releasedAt" = timezone('UTC', now())
  WHERE "orderId" = p_order_id AND "releasedAt" IS NULL
  RETURNING "promoCodeId" INTO v_promo_code_id;
  IF NOT FOUND THEN
    RETURN false;
  END IF;
  UPDATE "PromoCode" SET "usedCount" = "usedCount" - 1, "updatedAt" = timezone('UTC', now())
  WHERE "id" = v_promo_code_id;
  RETURN true;
END
$$;

-- Gives an order's pickup hold back, exactly once: the flag flips only if it was set, and only then do its slot
-- (pickup_slot_release) and each item's quantity for the day move back, items by id (the order pickup_hold takes
-- them in). p_only_pending_before restricts it to a pending order created before that instant (the sweep); null:
-- any order. True when it gave the hold back. An order no longer owed (cancelled, expired, refunded, or still pending:
-- not a move of a paid order's pickup) gives its promo code use back with it (promo_code_use_release, decision 081).
CREATE OR REPLACE FUNCTION order_hold_release(p_order_id text, p_only_pending_before timestamptz)
RETURNS boolean LANGUAGE plpgsql AS $$
DECLARE
  v_pickup_at timestamptz;
  v_pickup_date date;
  v_status "OrderStatus";
  line record;
BEGIN
  UPDATE "Order" SET "capacityHeld" = false, "updatedAt" = timezone('UTC', now())
  WHERE "id" = p_order_id AND "capacityHeld"
    AND (p_only_pending_before IS NULL OR ("status" = 'PENDING' AND "createdAt" < p_only_pending_before))
  RETURNING "pickupAt", "pickupDate", "status" INTO v_pickup_at, v_pickup_date, v_status;
  IF NOT FOUND THEN
    RETURN false;
  END IF;
  IF v_pickup_at IS NOT NULL THEN
    PERFORM pickup_slot_release(v_pickup_at);
  END IF;
  IF v_pickup_date IS NOT NULL THEN
    FOR line IN
      SELECT i."menuItemId", sum(i."quantity")::integer AS "quantity"
      FROM "OrderItem" i
      WHERE i."orderId" = p_order_id AND i."menuItemId" IS NOT NULL
      GROUP BY i."menuItemId"
      ORDER BY i."menuItemId" COLLATE "C"
    LOOP
      UPDATE "ItemDayUsage" SET "quantity" = "quantity" - line."quantity"
      WHERE "menuItemId" = line."menuItemId" AND "pickupDate" = v_pickup_date;
    END LOOP;
  END IF;
  IF v_status NOT IN ('PAID', 'READY', 'PICKED_UP', 'NO_SHOW') THEN
    PERFORM promo_code_use_release(p_order_id);
  END IF;
  RETURN true;
END
$$;

-- The checkout's pending order, its lines and its pickup hold, all or nothing (decisions 029 and 030): one round
-- trip per checkout. p_order may carry the customer's 'customerNote' and 'allergyNote' (decision 077). Each line of p_lines carries its name and unit price snapshots, options, tax and the names
-- the customer saw ('localizedName', 'localizedOptions'; missing: null); line ids `<order id>-01`, `-02`… keep the
-- cart's order. Returns no refusal row when held, else one refusal row ('slot-full', or 'item-limit' with the item and
-- its limit); a refusal leaves nothing behind (the block's writes roll back).
-- Live unpaid holds are capped per client (p_order's 'holdClient', a digest of the rate limits' client key) and per
-- e-mail (decision 058): under an advisory lock per client and per e-mail (taken in key order, so no deadlock), the
-- oldest of theirs beyond p_max_live_holds - 1 are cancelled and given back first, so at most p_max_live_holds stay
-- live. A held order returns one row per replaced order with a session ('replacedSessionId', for the provider to
-- close); a refusal replaces nothing.
-- A phone order (decision 075) carries 'source' and 'enteredBy'; without an e-mail ('customerEmail' empty)
-- only its client's holds are capped. One marked 'payAtPickup' is confirmed at once: PAID with no payment yet, in the
-- same statement as its hold (an UPDATE, so the live boards hear of it through order_board_notify).
-- Promo codes and tips (decisions 080 and 081): each line may carry its share of the discount ('discountCents', its
-- tax already on the discounted amount) and p_order a 'tipCents'; the order's total is the lines' sum less their
-- discounts, plus their tax and the tip. A p_order 'promoCodeId' takes one use of the code in this statement: the
-- code's row is locked by a conditional update that moves usedCount only while the code is active, within its window
-- and under maxUses; then, under that lock, the per-customer uses (by the e-mail, or the account with that e-mail)
-- and a first-order-only code's "no paid order yet" are checked. A refusal ('promo-unavailable',
-- 'promo-customer-limit', 'promo-first-order') leaves nothing behind, like a full slot.
CREATE OR REPLACE FUNCTION place_pending_order(
  p_order jsonb,
  p_lines jsonb,
  p_slot_start timestamptz,
  p_pickup_date date,
  p_orders_per_slot integer,
  p_max_live_holds integer
) RETURNS TABLE ("refusal" text, "menuItemId" text, "dailyLimit" integer, "replacedSessionId" text)
LANGUAGE plpgsql AS $$
DECLARE
  v_order_id text := p_order ->> 'id';
  v_client text := p_order ->> 'holdClient';
  v_email text := NULLIF(lower(btrim(p_order ->> 'customerEmail')), '');
  v_key text;
  v_item text;
  v_limit text;
  v_replaced record;
  v_replaced_sessions text[] := '{}';
  v_promo_code_id text := p_order ->> 'promoCodeId';
  v_tip integer := COALESCE((p_order ->> 'tipCents')::integer, 0);
  v_customer_id text;
  v_per_customer integer;
  v_first_order_only boolean;
BEGIN
  FOR v_key IN
    SELECT k FROM unnest(ARRAY['hold-client:' || v_client, 'hold-email:' || v_email]) AS k
    WHERE k IS NOT NULL ORDER BY k COLLATE "C"
  LOOP
    PERFORM pg_advisory_xact_lock(hashtextextended(v_key, 0));
  END LOOP;
  BEGIN
    FOR v_replaced IN
      SELECT o."id", o."providerSessionId" FROM "Order" o
      WHERE o."status" = 'PENDING' AND o."capacityHeld"
        AND (o."holdClient" = v_client OR lower(o."customerEmail") = v_email)
      ORDER BY o."createdAt" DESC, o."id" DESC
      OFFSET GREATEST(p_max_live_holds - 1, 0)
    LOOP
      UPDATE "Order" SET "status" = 'CANCELLED', "updatedAt" = timezone('UTC', now())
      WHERE "id" = v_replaced."id" AND "status" = 'PENDING';
      IF FOUND THEN
        PERFORM order_hold_release(v_replaced."id", NULL);
        IF v_replaced."providerSessionId" IS NOT NULL THEN
          v_replaced_sessions := v_replaced_sessions || v_replaced."providerSessionId";
        END IF;
      END IF;
    END LOOP;
    INSERT INTO "Order" ("id", "customerName", "customerEmail", "customerPhone", "currency", "totalCents", "taxCents",
      "locale", "holdClient", "createdAt", "updatedAt",
      "customerNote", "allergyNote", "source", "enteredBy", "payAtPickup", "discountCents", "tipCents", "promoCode")
    SELECT v_order_id, p_order ->> 'customerName', p_order ->> 'customerEmail', p_order ->> 'customerPhone',
      p_order ->> 'currency', sums."total" - sums."discount" + sums."tax" + v_tip, sums."tax",
      COALESCE(p_order ->> 'locale', 'en'), v_client, timezone('UTC', now()), timezone('UTC', now()),
      p_order ->> 'customerNote', p_order ->> 'allergyNote', COALESCE(p_order ->> 'source', 'ONLINE')::"OrderSource",
      p_order ->> 'enteredBy', COALESCE((p_order ->> 'payAtPickup')::boolean, false), sums."discount", v_tip,
      p_order ->> 'promoCode'
    FROM (
      SELECT sum(x."unitPriceCents" * x."quantity")::integer AS "total", COALESCE(sum(x."taxCents"), 0)::integer AS "tax",
        COALESCE(sum(x."discountCents"), 0)::integer AS "discount"
      FROM jsonb_to_recordset(p_lines)
        AS x("unitPriceCents" integer, "quantity" integer, "taxCents" integer, "discountCents" integer)
    ) AS sums;
    INSERT INTO "OrderItem" ("id", "orderId", "menuItemId", "name", "unitPriceCents", "quantity", "options",
      "taxCategory", "taxCents", "localizedName", "localizedOptions", "discountCents")
    SELECT v_order_id || '-' || lpad(x."line"::text, 2, '0'), v_order_id, x."menuItemId", x."name",
      x."unitPriceCents", x."quantity", COALESCE(x."options", '[]'::jsonb),
      COALESCE(x."taxCategory", 'BAKERY')::"TaxCategory", COALESCE(x."taxCents", 0),
      x."localizedName", x."localizedOptions", COALESCE(x."discountCents", 0)
    FROM ROWS FROM (
      jsonb_to_recordset(p_lines) AS ("menuItemId" text, "name" text, "unitPriceCents" integer, "quantity" integer,
        "options" jsonb, "taxCategory" text, "taxCents" integer, "localizedName" text, "localizedOptions" jsonb,
        "discountCents" integer)
    ) WITH ORDINALITY AS x("menuItemId", "name", "unitPriceCents", "quantity", "options", "taxCategory", "taxCents",
      "localizedName", "localizedOptions", "discountCents", "line");
    PERFORM pickup_hold(v_order_id, p_slot_start, p_pickup_date, p_orders_per_slot, p_lines);
    IF v_promo_code_id IS NOT NULL THEN
      UPDATE "PromoCode" SET "usedCount" = "usedCount" + 1, "updatedAt" = timezone('UTC', now())
      WHERE "id" = v_promo_code_id AND "active" AND v_email IS NOT NULL
        AND ("startsAt" IS NULL OR "startsAt" <= now()) AND ("endsAt" IS NULL OR "endsAt" > now())
        AND ("maxUses" IS NULL OR "usedCount" < "maxUses")
      RETURNING "maxUsesPerCustomer", "firstOrderOnly" INTO v_per_customer, v_first_order_only;
      IF NOT FOUND THEN
        RAISE EXCEPTION 'promo code % is not available', v_promo_code_id USING ERRCODE = 'BK030';
      END IF;
      SELECT c."id" INTO v_customer_id FROM "Customer" c WHERE c."email" = v_email;
      IF v_per_customer IS NOT NULL AND (
        SELECT count(*) FROM "PromoCodeUse" u
        WHERE u."promoCodeId" = v_promo_code_id AND u."releasedAt" IS NULL
          AND (u."email" = v_email OR u."customerId" = v_customer_id)
      ) >= v_per_customer THEN
        RAISE EXCEPTION 'promo code % used up by this customer', v_promo_code_id USING ERRCODE = 'BK031';
      END IF;
      IF v_first_order_only AND EXISTS (
        SELECT 1 FROM "Order" o
        WHERE o."id" <> v_order_id AND o."status" IN ('PAID', 'READY', 'PICKED_UP', 'NO_SHOW')
          AND (lower(o."customerEmail") = v_email OR o."customerId" = v_customer_id)
      ) THEN
        RAISE EXCEPTION 'promo code % is for a first order', v_promo_code_id USING ERRCODE = 'BK032';
      END IF;
      INSERT INTO "PromoCodeUse" ("orderId", "promoCodeId", "email", "customerId", "discountCents")
      SELECT v_order_id, v_promo_code_id, v_email, v_customer_id, o."discountCents" FROM "Order" o
      WHERE o."id" = v_order_id;
    END IF;
    UPDATE "Order" SET "status" = 'PAID', "updatedAt" = timezone('UTC', now())
    WHERE "id" = v_order_id AND "payAtPickup";
  EXCEPTION
    WHEN SQLSTATE 'BK001' THEN
      RETURN QUERY SELECT 'slot-full'::text, NULL::text, NULL::integer, NULL::text;
      RETURN;
    WHEN SQLSTATE 'BK002' THEN
      GET STACKED DIAGNOSTICS v_item = PG_EXCEPTION_DETAIL, v_limit = PG_EXCEPTION_HINT;
      RETURN QUERY SELECT 'item-limit'::text, v_item, v_limit::integer, NULL::text;
      RETURN;
    WHEN SQLSTATE 'BK030' THEN
      RETURN QUERY SELECT 'promo-unavailable'::text, NULL::text, NULL::integer, NULL::text;
      RETURN;
    WHEN SQLSTATE 'BK031' THEN
      RETURN QUERY SELECT 'promo-customer-limit'::text, NULL::text, NULL::integer, NULL::text;
      RETURN;
    WHEN SQLSTATE 'BK032' THEN
      RETURN QUERY SELECT 'promo-first-order'::text, NULL::text, NULL::integer, NULL::text;
      RETURN;
  END;
  RETURN QUERY SELECT NULL::text, NULL::text, NULL::integer, s FROM unnest(v_replaced_sessions) AS s;
END
$$;
