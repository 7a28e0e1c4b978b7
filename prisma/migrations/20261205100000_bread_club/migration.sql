-- CreateEnum
CREATE TYPE "ClubFrequency" AS ENUM ('WEEKLY', 'EVERY_TWO_WEEKS');

-- CreateEnum
CREATE TYPE "ClubSubscriptionStatus" AS ENUM ('CHECKOUT', 'ACTIVE', 'PAST_DUE', 'CANCELLED');

-- CreateEnum
CREATE TYPE "ClubPickupStatus" AS ENUM ('PLACING', 'PLACED', 'SKIPPED', 'PAUSED', 'UNPAID', 'REFUSED');

-- AlterEnum
ALTER TYPE "OrderSource" ADD VALUE 'SUBSCRIPTION';

-- CreateTable
CREATE TABLE "ClubPlan" (
    "id" TEXT NOT NULL,
    "name" VARCHAR(80) NOT NULL,
    "nameEs" VARCHAR(80),
    "namePtBr" VARCHAR(80),
    "description" VARCHAR(500) NOT NULL DEFAULT '',
    "descriptionEs" VARCHAR(500),
    "descriptionPtBr" VARCHAR(500),
    "lines" JSONB NOT NULL,
    "frequency" "ClubFrequency" NOT NULL DEFAULT 'WEEKLY',
    "pickupWeekday" INTEGER NOT NULL,
    "windowStart" VARCHAR(5) NOT NULL,
    "windowEnd" VARCHAR(5) NOT NULL,
    "priceCents" INTEGER NOT NULL,
    "maxSubscribers" INTEGER NOT NULL,
    "cutoffDaysBefore" INTEGER NOT NULL,
    "cutoffTime" VARCHAR(5) NOT NULL,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "providerProductId" TEXT,
    "providerPriceId" TEXT,
    "providerPriceKey" TEXT,
    "sortOrder" INTEGER NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "ClubPlan_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ClubSubscription" (
    "id" TEXT NOT NULL,
    "planId" TEXT NOT NULL,
    "customerId" TEXT NOT NULL,
    "status" "ClubSubscriptionStatus" NOT NULL DEFAULT 'CHECKOUT',
    "pickupTime" VARCHAR(5) NOT NULL,
    "firstPickupDate" DATE NOT NULL,
    "pausedUntil" DATE,
    "locale" TEXT NOT NULL DEFAULT 'en',
    "providerSessionId" TEXT,
    "providerCustomerId" TEXT,
    "providerSubscriptionId" TEXT,
    "priceCents" INTEGER NOT NULL,
    "cancelledAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "ClubSubscription_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ClubPickup" (
    "id" TEXT NOT NULL,
    "subscriptionId" TEXT NOT NULL,
    "pickupDate" DATE NOT NULL,
    "status" "ClubPickupStatus" NOT NULL,
    "orderId" TEXT,
    "creditId" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "ClubPickup_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "ClubSubscription_providerSessionId_key" ON "ClubSubscription"("providerSessionId");

-- CreateIndex
CREATE UNIQUE INDEX "ClubSubscription_providerSubscriptionId_key" ON "ClubSubscription"("providerSubscriptionId");

-- CreateIndex
CREATE INDEX "ClubSubscription_planId_status_idx" ON "ClubSubscription"("planId", "status");

-- CreateIndex
CREATE INDEX "ClubSubscription_customerId_idx" ON "ClubSubscription"("customerId");

-- CreateIndex
CREATE INDEX "ClubSubscription_status_idx" ON "ClubSubscription"("status");

-- CreateIndex
CREATE UNIQUE INDEX "ClubPickup_orderId_key" ON "ClubPickup"("orderId");

-- CreateIndex
CREATE UNIQUE INDEX "ClubPickup_subscriptionId_pickupDate_key" ON "ClubPickup"("subscriptionId", "pickupDate");

-- AddForeignKey
ALTER TABLE "ClubSubscription" ADD CONSTRAINT "ClubSubscription_planId_fkey" FOREIGN KEY ("planId") REFERENCES "ClubPlan"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ClubSubscription" ADD CONSTRAINT "ClubSubscription_customerId_fkey" FOREIGN KEY ("customerId") REFERENCES "Customer"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ClubPickup" ADD CONSTRAINT "ClubPickup_subscriptionId_fkey" FOREIGN KEY ("subscriptionId") REFERENCES "ClubSubscription"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ClubPickup" ADD CONSTRAINT "ClubPickup_orderId_fkey" FOREIGN KEY ("orderId") REFERENCES "Order"("id") ON DELETE SET NULL ON UPDATE CASCADE;


-- One live membership per customer and plan (decision 093).
CREATE UNIQUE INDEX "ClubSubscription_one_live_per_customer" ON "ClubSubscription"("customerId", "planId")
  WHERE "status" <> 'CANCELLED';

ALTER TABLE "ClubPlan"
  ADD CONSTRAINT "ClubPlan_weekday" CHECK ("pickupWeekday" BETWEEN 0 AND 6),
  ADD CONSTRAINT "ClubPlan_window" CHECK ("windowStart" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'
    AND "windowEnd" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' AND "windowStart" <= "windowEnd"),
  ADD CONSTRAINT "ClubPlan_cutoff" CHECK ("cutoffDaysBefore" BETWEEN 1 AND 6
    AND "cutoffTime" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
  ADD CONSTRAINT "ClubPlan_price" CHECK ("priceCents" BETWEEN 100 AND 100000),
  ADD CONSTRAINT "ClubPlan_max_subscribers" CHECK ("maxSubscribers" BETWEEN 1 AND 1000),
  ADD CONSTRAINT "ClubPlan_lines" CHECK (jsonb_typeof("lines") = 'array' AND jsonb_array_length("lines") BETWEEN 1 AND 10);

ALTER TABLE "ClubSubscription"
  ADD CONSTRAINT "ClubSubscription_pickup_time" CHECK ("pickupTime" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
  ADD CONSTRAINT "ClubSubscription_price" CHECK ("priceCents" > 0),
  ADD CONSTRAINT "ClubSubscription_cancelled" CHECK (("status" = 'CANCELLED') = ("cancelledAt" IS NOT NULL));

-- A placed box has its order; nothing else has one.
ALTER TABLE "ClubPickup"
  ADD CONSTRAINT "ClubPickup_order" CHECK ("status" NOT IN ('SKIPPED', 'PAUSED', 'UNPAID', 'REFUSED') OR "orderId" IS NULL);
