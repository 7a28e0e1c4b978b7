-- Waitlists (issue 40, decision 091): a customer waiting for an item on a sold-out pickup date, offered a freed
-- place as a held order with its payment page, one waiter at a time.

-- CreateEnum
CREATE TYPE "WaitlistStatus" AS ENUM ('WAITING', 'OFFERED', 'CLAIMED', 'LAPSED', 'LEFT');

-- CreateTable
CREATE TABLE "WaitlistEntry" (
    "id" TEXT NOT NULL,
    "menuItemId" TEXT NOT NULL,
    "pickupDate" DATE NOT NULL,
    "pickupAt" TIMESTAMPTZ(3),
    "anyTime" BOOLEAN NOT NULL DEFAULT true,
    "quantity" INTEGER NOT NULL,
    "choices" JSONB NOT NULL DEFAULT '[]',
    "customerName" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "phone" TEXT,
    "textOffer" BOOLEAN NOT NULL DEFAULT false,
    "customerId" TEXT,
    "locale" TEXT NOT NULL DEFAULT 'en',
    "status" "WaitlistStatus" NOT NULL DEFAULT 'WAITING',
    "offerOrderId" TEXT,
    "offeredAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "WaitlistEntry_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "WaitlistEntry_offerOrderId_key" ON "WaitlistEntry"("offerOrderId");

-- CreateIndex
CREATE INDEX "WaitlistEntry_menuItemId_pickupDate_status_createdAt_idx" ON "WaitlistEntry"("menuItemId", "pickupDate", "status", "createdAt");

-- CreateIndex
CREATE INDEX "WaitlistEntry_customerId_idx" ON "WaitlistEntry"("customerId");

-- AddForeignKey
ALTER TABLE "WaitlistEntry" ADD CONSTRAINT "WaitlistEntry_menuItemId_fkey" FOREIGN KEY ("menuItemId") REFERENCES "MenuItem"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "WaitlistEntry" ADD CONSTRAINT "WaitlistEntry_customerId_fkey" FOREIGN KEY ("customerId") REFERENCES "Customer"("id") ON DELETE SET NULL ON UPDATE CASCADE;


ALTER TABLE "WaitlistEntry"
  ADD CONSTRAINT "WaitlistEntry_quantity_check" CHECK ("quantity" BETWEEN 1 AND 99),
  ADD CONSTRAINT "WaitlistEntry_email_check" CHECK ("email" = lower(btrim("email")) AND "email" <> ''),
  ADD CONSTRAINT "WaitlistEntry_locale_check" CHECK ("locale" IN ('en', 'es', 'pt-BR')),
  ADD CONSTRAINT "WaitlistEntry_time_check" CHECK ("anyTime" OR "pickupAt" IS NOT NULL),
  -- Waiting: no offer yet; offered or claimed: the order that holds (held) the place.
  ADD CONSTRAINT "WaitlistEntry_offer_check" CHECK (CASE "status"
    WHEN 'WAITING' THEN "offerOrderId" IS NULL
    WHEN 'OFFERED' THEN "offerOrderId" IS NOT NULL AND "offeredAt" IS NOT NULL
    WHEN 'CLAIMED' THEN "offerOrderId" IS NOT NULL
    ELSE true END);

-- One live entry per item, date and e-mail: joining twice keeps the first place in line.
CREATE UNIQUE INDEX "WaitlistEntry_one_live_per_email" ON "WaitlistEntry" ("menuItemId", "pickupDate", "email")
  WHERE "status" IN ('WAITING', 'OFFERED');

-- A freed place goes to one waiter at a time: two processes offering at once cannot both move an entry to OFFERED.
CREATE UNIQUE INDEX "WaitlistEntry_one_offer_per_day" ON "WaitlistEntry" ("menuItemId", "pickupDate")
  WHERE "status" = 'OFFERED';
