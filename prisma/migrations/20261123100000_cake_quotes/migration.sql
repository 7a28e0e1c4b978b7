-- Custom cakes from request to pickup (issue 17): the owner's quote, the customer's deposit and balance.
-- The status moves only along the allowed transitions (a trigger refuses any other with SQLSTATE BK010),
-- every change is written to "CustomCakeStatusChange" by a trigger (who: the transaction's
-- `bakery.actor` setting), and the quote's fields must be present once a request is quoted.

CREATE TYPE "CakeRequestStatus" AS ENUM (
  'REQUESTED', 'QUOTED', 'DEPOSIT_PAID', 'PAID_IN_FULL', 'PICKED_UP', 'DECLINED', 'CANCELLED', 'EXPIRED'
);
CREATE TYPE "CakePaymentKind" AS ENUM ('DEPOSIT', 'BALANCE');
CREATE TYPE "CakePaymentMethod" AS ENUM ('ONLINE', 'IN_SHOP');
CREATE TYPE "CakePaymentStatus" AS ENUM ('PENDING', 'PAID', 'EXPIRED', 'NOT_APPLIED');

ALTER TABLE "CustomCakeRequest"
  ADD COLUMN "status" "CakeRequestStatus" NOT NULL DEFAULT 'REQUESTED',
  ADD COLUMN "quoteCents" INTEGER,
  ADD COLUMN "depositCents" INTEGER,
  ADD COLUMN "paidCents" INTEGER NOT NULL DEFAULT 0,
  ADD COLUMN "pickupAt" TIMESTAMPTZ(3),
  ADD COLUMN "pickupDate" DATE,
  ADD COLUMN "slotHeld" BOOLEAN NOT NULL DEFAULT false,
  ADD COLUMN "quoteNotes" TEXT NOT NULL DEFAULT '',
  ADD COLUMN "quoteValidUntil" TIMESTAMPTZ(3),
  ADD COLUMN "quoteVersion" INTEGER NOT NULL DEFAULT 0,
  ADD COLUMN "quotedAt" TIMESTAMPTZ(3),
  ADD COLUMN "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  ADD CONSTRAINT "CustomCakeRequest_quote_range" CHECK ("quoteCents" IS NULL OR "quoteCents" BETWEEN 100 AND 10000000),
  ADD CONSTRAINT "CustomCakeRequest_deposit_range"
    CHECK ("depositCents" IS NULL OR ("quoteCents" IS NOT NULL AND "depositCents" >= 50 AND "depositCents" < "quoteCents")),
  ADD CONSTRAINT "CustomCakeRequest_paid_range" CHECK ("paidCents" >= 0 AND "paidCents" <= COALESCE("quoteCents", 0)),
  ADD CONSTRAINT "CustomCakeRequest_notes_length" CHECK (char_length("quoteNotes") <= 2000),
  ADD CONSTRAINT "CustomCakeRequest_quoted_fields" CHECK (
    "status" NOT IN ('QUOTED', 'DEPOSIT_PAID', 'PAID_IN_FULL', 'PICKED_UP')
    OR ("quoteCents" IS NOT NULL AND "depositCents" IS NOT NULL AND "pickupAt" IS NOT NULL
      AND "pickupDate" IS NOT NULL AND "quoteValidUntil" IS NOT NULL)),
  ADD CONSTRAINT "CustomCakeRequest_paid_by_status" CHECK (
    CASE "status"
      WHEN 'DEPOSIT_PAID' THEN "paidCents" >= "depositCents" AND "paidCents" < "quoteCents"
      WHEN 'PAID_IN_FULL' THEN "paidCents" = "quoteCents"
      WHEN 'PICKED_UP' THEN "paidCents" = "quoteCents"
      WHEN 'QUOTED' THEN "paidCents" = 0
      WHEN 'REQUESTED' THEN "paidCents" = 0
      ELSE true
    END),
  ADD CONSTRAINT "CustomCakeRequest_slot_held" CHECK (NOT "slotHeld" OR "pickupAt" IS NOT NULL);

CREATE INDEX "CustomCakeRequest_status_idx" ON "CustomCakeRequest" ("status");
CREATE INDEX "CustomCakeRequest_pickupDate_pickupAt_idx" ON "CustomCakeRequest" ("pickupDate", "pickupAt");

-- Who changed what, when: one row per status change and per changed quote (same status, new version).
CREATE TABLE "CustomCakeStatusChange" (
  "id" TEXT NOT NULL DEFAULT gen_random_uuid()::text,
  "requestId" TEXT NOT NULL,
  "fromStatus" "CakeRequestStatus" NOT NULL,
  "toStatus" "CakeRequestStatus" NOT NULL,
  "quoteVersion" INTEGER NOT NULL,
  "actor" TEXT NOT NULL,
  "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  CONSTRAINT "CustomCakeStatusChange_pkey" PRIMARY KEY ("id"),
  CONSTRAINT "CustomCakeStatusChange_requestId_fkey" FOREIGN KEY ("requestId")
    REFERENCES "CustomCakeRequest" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "CustomCakeStatusChange_requestId_createdAt_idx" ON "CustomCakeStatusChange" ("requestId", "createdAt");

-- A payment towards a quote: online (a Checkout Session) or taken in the shop. NOT_APPLIED: paid, but
-- the quote had already moved on (e.g. a second deposit from another tab): the owner refunds it.
CREATE TABLE "CakePayment" (
  "id" TEXT NOT NULL,
  "requestId" TEXT NOT NULL,
  "kind" "CakePaymentKind" NOT NULL,
  "method" "CakePaymentMethod" NOT NULL,
  "status" "CakePaymentStatus" NOT NULL DEFAULT 'PENDING',
  "amountCents" INTEGER NOT NULL,
  "quoteVersion" INTEGER NOT NULL,
  "providerSessionId" TEXT,
  "paidAt" TIMESTAMPTZ(3),
  "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  CONSTRAINT "CakePayment_pkey" PRIMARY KEY ("id"),
  -- A request that took money cannot be deleted (the owner cancels it and refunds in Stripe): RESTRICT, and the
  -- delete removes only the payments never made (pending or expired sessions) first.
  CONSTRAINT "CakePayment_requestId_fkey" FOREIGN KEY ("requestId")
    REFERENCES "CustomCakeRequest" ("id") ON DELETE RESTRICT ON UPDATE CASCADE,
  CONSTRAINT "CakePayment_amount_positive" CHECK ("amountCents" > 0),
  CONSTRAINT "CakePayment_paid_at" CHECK (("status" IN ('PAID', 'NOT_APPLIED')) = ("paidAt" IS NOT NULL)),
  CONSTRAINT "CakePayment_online_session" CHECK ("method" = 'IN_SHOP' OR "status" <> 'PAID' OR "providerSessionId" IS NOT NULL)
);
CREATE UNIQUE INDEX "CakePayment_providerSessionId_key" ON "CakePayment" ("providerSessionId");
CREATE INDEX "CakePayment_requestId_idx" ON "CakePayment" ("requestId");
-- One applied deposit and one applied balance per request, whatever arrives twice.
CREATE UNIQUE INDEX "CakePayment_one_paid_per_kind" ON "CakePayment" ("requestId", "kind") WHERE "status" = 'PAID';

-- The owner's quote defaults and the cancellation policy the quote page shows (a single row; missing: defaults).
CREATE TABLE "CakeQuoteSettings" (
  "id" INTEGER NOT NULL DEFAULT 1,
  "depositPercent" INTEGER NOT NULL DEFAULT 50,
  "cancellationPolicy" TEXT NOT NULL DEFAULT '',
  "cakesPerDay" INTEGER,
  "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  CONSTRAINT "CakeQuoteSettings_pkey" PRIMARY KEY ("id"),
  CONSTRAINT "CakeQuoteSettings_cakes_per_day" CHECK ("cakesPerDay" IS NULL OR "cakesPerDay" BETWEEN 1 AND 1000),
  CONSTRAINT "CakeQuoteSettings_single_row" CHECK ("id" = 1),
  CONSTRAINT "CakeQuoteSettings_deposit_percent" CHECK ("depositPercent" BETWEEN 1 AND 99),
  CONSTRAINT "CakeQuoteSettings_policy_length" CHECK (char_length("cancellationPolicy") <= 4000)
);

-- Quoted and booked cakes per pickup date (held and given back with the slot), for the owner's optional
-- "at most N cakes a day".
CREATE TABLE "CakeDayUsage" (
  "pickupDate" DATE NOT NULL,
  "cakes" INTEGER NOT NULL DEFAULT 0,
  CONSTRAINT "CakeDayUsage_pkey" PRIMARY KEY ("pickupDate"),
  CONSTRAINT "CakeDayUsage_cakes_nonnegative" CHECK ("cakes" >= 0)
);

CREATE FUNCTION custom_cake_status_guard() RETURNS trigger LANGUAGE plpgsql AS $$
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

CREATE TRIGGER "CustomCakeRequest_status_guard"
  BEFORE UPDATE OF "status" ON "CustomCakeRequest"
  FOR EACH ROW EXECUTE FUNCTION custom_cake_status_guard();

CREATE FUNCTION custom_cake_status_history() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."status" IS DISTINCT FROM OLD."status" OR NEW."quoteVersion" IS DISTINCT FROM OLD."quoteVersion" THEN
    INSERT INTO "CustomCakeStatusChange" ("requestId", "fromStatus", "toStatus", "quoteVersion", "actor")
    VALUES (NEW."id", OLD."status", NEW."status", NEW."quoteVersion",
      COALESCE(NULLIF(current_setting('bakery.actor', true), ''), 'system'));
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER "CustomCakeRequest_status_history"
  AFTER UPDATE OF "status", "quoteVersion" ON "CustomCakeRequest"
  FOR EACH ROW EXECUTE FUNCTION custom_cake_status_history();
