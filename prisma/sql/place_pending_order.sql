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
-- 'promo-customer-limit', 'promo-first-order') leaves nothing behind, like a full slot. The same e-mail's pending
-- orders holding the code are cancelled first (their holds and uses given back, their sessions returned to close).
-- Gift cards and store credit (decision 086): p_order's 'wallet' lists [{accountId, amountCents}]; each is held with
-- wallet_hold under 'order:<id>', in account order (before the code's use: its row is the lock checkouts share),
-- after the same e-mail's unpaid orders holding those accounts are replaced (as for a code). One that cannot be
-- held refuses ('wallet-changed', with the account and its balance now) and leaves nothing behind. The order records what they pay ('walletCents', at most its total by a CHECK); when
-- they pay all of it the order is paid in this statement: PAID, paidAt, the holds spent, and 'walletSessionId' as
-- its session (the address /success reads it by).
CREATE OR REPLACE FUNCTION place_pending_order(
  p_order jsonb,
  p_lines jsonb,
  p_slot_start timestamptz,
  p_pickup_date date,
  p_orders_per_slot integer,
  p_max_live_holds integer
) RETURNS TABLE ("refusal" text, "menuItemId" text, "dailyLimit" integer, "replacedSessionId" text,
  "walletAccountId" text, "walletBalanceCents" integer)
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
  v_wallet jsonb := COALESCE(p_order -> 'wallet', '[]'::jsonb);
  v_spend record;
  v_held record;
  v_wallet_cents integer;
  v_total integer;
  v_account text;
  v_balance text;
  v_replace text[];
BEGIN
  FOR v_key IN
    SELECT k FROM unnest(ARRAY['hold-client:' || v_client, 'hold-email:' || v_email]) AS k
    WHERE k IS NOT NULL ORDER BY k COLLATE "C"
  LOOP
    PERFORM pg_advisory_xact_lock(hashtextextended(v_key, 0));
  END LOOP;
  BEGIN
    -- The orders this checkout replaces, then each cancelled once with its holds given back: the client's and
    -- e-mail's oldest live holds beyond the cap (decision 058); the same e-mail's unpaid orders holding this code
    -- (decision 081: a customer who left the payment page and checks out again keeps their code instead of being
    -- told they used it); and those holding these gift cards or this credit (decision 086, likewise), found hold by
    -- hold with each order by its key (a join let the planner scan every pending order per hold).
    v_replace := ARRAY(
      SELECT o."id" FROM "Order" o
      WHERE o."status" = 'PENDING' AND o."capacityHeld"
        AND (o."holdClient" = v_client OR lower(o."customerEmail") = v_email)
      ORDER BY o."createdAt" DESC, o."id" DESC
      OFFSET GREATEST(p_max_live_holds - 1, 0));
    IF v_promo_code_id IS NOT NULL AND v_email IS NOT NULL THEN
      v_replace := v_replace || ARRAY(
        SELECT o."id" FROM "PromoCodeUse" u JOIN "Order" o ON o."id" = u."orderId"
        WHERE u."promoCodeId" = v_promo_code_id AND u."email" = v_email AND u."releasedAt" IS NULL
          AND o."status" = 'PENDING');
    END IF;
    IF jsonb_array_length(v_wallet) > 0 AND v_email IS NOT NULL THEN
      v_replace := v_replace || ARRAY(
        SELECT substr(h."reference", 7) FROM "WalletHold" h
        WHERE h."accountId" = ANY(ARRAY(SELECT w ->> 'accountId' FROM jsonb_array_elements(v_wallet) AS w))
          AND h."status" = 'HELD' AND h."reference" LIKE 'order:%'
          AND (SELECT o."id" FROM "Order" o WHERE o."id" = substr(h."reference", 7) AND o."status" = 'PENDING'
            AND lower(o."customerEmail") = v_email) IS NOT NULL);
    END IF;
    FOR v_replaced IN
      SELECT o."id", o."providerSessionId" FROM "Order" o WHERE o."id" = ANY(v_replace) ORDER BY o."id"
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
    SELECT COALESCE(sum(w."amountCents"), 0)::integer INTO v_wallet_cents
    FROM jsonb_to_recordset(v_wallet) AS w("amountCents" integer);
    INSERT INTO "Order" ("id", "customerName", "customerEmail", "customerPhone", "currency", "totalCents", "taxCents",
      "locale", "holdClient", "createdAt", "updatedAt",
      "customerNote", "allergyNote", "source", "enteredBy", "payAtPickup", "discountCents", "tipCents", "promoCode",
      "walletCents")
    SELECT v_order_id, p_order ->> 'customerName', p_order ->> 'customerEmail', p_order ->> 'customerPhone',
      p_order ->> 'currency', sums."total" - sums."discount" + sums."tax" + v_tip, sums."tax",
      COALESCE(p_order ->> 'locale', 'en'), v_client, timezone('UTC', now()), timezone('UTC', now()),
      p_order ->> 'customerNote', p_order ->> 'allergyNote', COALESCE(p_order ->> 'source', 'ONLINE')::"OrderSource",
      p_order ->> 'enteredBy', COALESCE((p_order ->> 'payAtPickup')::boolean, false), sums."discount", v_tip,
      p_order ->> 'promoCode', v_wallet_cents
    FROM (
      SELECT sum(x."unitPriceCents" * x."quantity")::integer AS "total", COALESCE(sum(x."taxCents"), 0)::integer AS "tax",
        COALESCE(sum(x."discountCents"), 0)::integer AS "discount"
      FROM jsonb_to_recordset(p_lines)
        AS x("unitPriceCents" integer, "quantity" integer, "taxCents" integer, "discountCents" integer)
    ) AS sums
    RETURNING "totalCents" INTO v_total;
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
    -- The wallet before the promo code: the code's row is the lock many checkouts share, held to the commit.
    FOR v_spend IN
      SELECT w."accountId", w."amountCents" FROM jsonb_to_recordset(v_wallet) AS w("accountId" text, "amountCents" integer)
      ORDER BY w."accountId" COLLATE "C"
    LOOP
      SELECT * INTO v_held FROM wallet_hold(v_spend."accountId", 'order:' || v_order_id, v_spend."amountCents");
      IF v_held.outcome <> 'held' THEN
        RAISE EXCEPTION 'wallet account % cannot pay % cents', v_spend."accountId", v_spend."amountCents"
          USING ERRCODE = 'BK023', DETAIL = v_spend."accountId", HINT = v_held.balance_cents::text;
      END IF;
    END LOOP;
    IF v_wallet_cents > 0 AND v_wallet_cents = v_total THEN
      UPDATE "Order" SET "status" = 'PAID', "paidAt" = timezone('UTC', now()),
        "providerSessionId" = p_order ->> 'walletSessionId', "updatedAt" = timezone('UTC', now())
      WHERE "id" = v_order_id;
      FOR v_spend IN
        SELECT w."accountId" FROM jsonb_to_recordset(v_wallet) AS w("accountId" text)
        ORDER BY w."accountId" COLLATE "C"
      LOOP
        PERFORM wallet_hold_capture(v_spend."accountId", 'order:' || v_order_id);
      END LOOP;
    END IF;
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
        WHERE o."id" <> v_order_id AND (o."paidAt" IS NOT NULL OR o."payAtPickup")
          AND o."status" IN ('PAID', 'READY', 'PICKED_UP', 'NO_SHOW')
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
      RETURN QUERY SELECT 'slot-full'::text, NULL::text, NULL::integer, NULL::text, NULL::text, NULL::integer;
      RETURN;
    WHEN SQLSTATE 'BK002' THEN
      GET STACKED DIAGNOSTICS v_item = PG_EXCEPTION_DETAIL, v_limit = PG_EXCEPTION_HINT;
      RETURN QUERY SELECT 'item-limit'::text, v_item, v_limit::integer, NULL::text, NULL::text, NULL::integer;
      RETURN;
    WHEN SQLSTATE 'BK003' THEN
      GET STACKED DIAGNOSTICS v_item = PG_EXCEPTION_DETAIL;
      RETURN QUERY SELECT 'production-full'::text, v_item, NULL::integer, NULL::text, NULL::text, NULL::integer;
      RETURN;
    WHEN SQLSTATE 'BK030' THEN
      RETURN QUERY SELECT 'promo-unavailable'::text, NULL::text, NULL::integer, NULL::text, NULL::text, NULL::integer;
      RETURN;
    WHEN SQLSTATE 'BK031' THEN
      RETURN QUERY SELECT 'promo-customer-limit'::text, NULL::text, NULL::integer, NULL::text, NULL::text, NULL::integer;
      RETURN;
    WHEN SQLSTATE 'BK032' THEN
      RETURN QUERY SELECT 'promo-first-order'::text, NULL::text, NULL::integer, NULL::text, NULL::text, NULL::integer;
      RETURN;
    WHEN SQLSTATE 'BK023' THEN
      GET STACKED DIAGNOSTICS v_account = PG_EXCEPTION_DETAIL, v_balance = PG_EXCEPTION_HINT;
      RETURN QUERY SELECT 'wallet-changed'::text, NULL::text, NULL::integer, NULL::text, v_account, v_balance::integer;
      RETURN;
  END;
  RETURN QUERY SELECT NULL::text, NULL::text, NULL::integer, s, NULL::text, NULL::integer
  FROM unnest(v_replaced_sessions) AS s;
END
$$;
