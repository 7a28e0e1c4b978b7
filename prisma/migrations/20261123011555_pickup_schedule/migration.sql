-- AlterTable
ALTER TABLE "MenuItem" ADD COLUMN     "availableFrom" DATE,
ADD COLUMN     "availableUntil" DATE,
ADD COLUMN     "dailyLimit" INTEGER,
ADD COLUMN     "leadMinutes" INTEGER;

-- AlterTable
ALTER TABLE "Order" ADD COLUMN     "capacityHeld" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "pickupAt" TIMESTAMPTZ(3),
ADD COLUMN     "pickupDate" DATE;

-- CreateTable
CREATE TABLE "PickupSettings" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "timeZone" TEXT NOT NULL DEFAULT 'America/Los_Angeles',
    "slotMinutes" INTEGER NOT NULL DEFAULT 15,
    "ordersPerSlot" INTEGER NOT NULL DEFAULT 6,
    "minLeadMinutes" INTEGER NOT NULL DEFAULT 120,
    "sameDayCutoff" TEXT,
    "horizonDays" INTEGER NOT NULL DEFAULT 14,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "PickupSettings_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "OpeningHours" (
    "weekday" INTEGER NOT NULL,
    "opensAt" TEXT NOT NULL,
    "closesAt" TEXT NOT NULL,

    CONSTRAINT "OpeningHours_pkey" PRIMARY KEY ("weekday")
);

-- CreateTable
CREATE TABLE "PickupClosure" (
    "id" TEXT NOT NULL,
    "startDate" DATE NOT NULL,
    "endDate" DATE NOT NULL,
    "note" TEXT NOT NULL DEFAULT '',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "PickupClosure_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SpecialHours" (
    "date" DATE NOT NULL,
    "opensAt" TEXT NOT NULL,
    "closesAt" TEXT NOT NULL,

    CONSTRAINT "SpecialHours_pkey" PRIMARY KEY ("date")
);

-- CreateTable
CREATE TABLE "PickupSlotUsage" (
    "slotStart" TIMESTAMPTZ(3) NOT NULL,
    "orders" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "PickupSlotUsage_pkey" PRIMARY KEY ("slotStart")
);

-- CreateTable
CREATE TABLE "ItemDayUsage" (
    "menuItemId" TEXT NOT NULL,
    "pickupDate" DATE NOT NULL,
    "quantity" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "ItemDayUsage_pkey" PRIMARY KEY ("menuItemId","pickupDate")
);

-- CreateIndex
CREATE INDEX "PickupClosure_endDate_idx" ON "PickupClosure"("endDate");

-- CreateIndex
CREATE INDEX "ItemDayUsage_pickupDate_idx" ON "ItemDayUsage"("pickupDate");

-- CreateIndex
CREATE INDEX "Order_pickupDate_pickupAt_idx" ON "Order"("pickupDate", "pickupAt");

-- AddForeignKey
ALTER TABLE "ItemDayUsage" ADD CONSTRAINT "ItemDayUsage_menuItemId_fkey" FOREIGN KEY ("menuItemId") REFERENCES "MenuItem"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Checks Prisma cannot express (hand-written; Prisma ignores CHECK constraints when diffing).
-- Wall-clock times are 'HH:MM' (24-hour, zero-padded, so text order is time order); a day may close at '24:00'.
ALTER TABLE "PickupSettings"
  ADD CONSTRAINT "PickupSettings_single_row" CHECK ("id" = 1),
  ADD CONSTRAINT "PickupSettings_timeZone_check" CHECK (length("timeZone") > 0),
  ADD CONSTRAINT "PickupSettings_slotMinutes_check" CHECK ("slotMinutes" BETWEEN 5 AND 240),
  ADD CONSTRAINT "PickupSettings_ordersPerSlot_check" CHECK ("ordersPerSlot" >= 0),
  ADD CONSTRAINT "PickupSettings_minLeadMinutes_check" CHECK ("minLeadMinutes" >= 0),
  ADD CONSTRAINT "PickupSettings_horizonDays_check" CHECK ("horizonDays" BETWEEN 0 AND 366),
  ADD CONSTRAINT "PickupSettings_sameDayCutoff_check" CHECK ("sameDayCutoff" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$');

ALTER TABLE "OpeningHours"
  ADD CONSTRAINT "OpeningHours_weekday_check" CHECK ("weekday" BETWEEN 0 AND 6),
  ADD CONSTRAINT "OpeningHours_opensAt_check" CHECK ("opensAt" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
  ADD CONSTRAINT "OpeningHours_closesAt_check" CHECK ("closesAt" ~ '^(([01][0-9]|2[0-3]):[0-5][0-9]|24:00)$'),
  ADD CONSTRAINT "OpeningHours_order_check" CHECK ("opensAt" COLLATE "C" < "closesAt" COLLATE "C");

ALTER TABLE "SpecialHours"
  ADD CONSTRAINT "SpecialHours_opensAt_check" CHECK ("opensAt" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
  ADD CONSTRAINT "SpecialHours_closesAt_check" CHECK ("closesAt" ~ '^(([01][0-9]|2[0-3]):[0-5][0-9]|24:00)$'),
  ADD CONSTRAINT "SpecialHours_order_check" CHECK ("opensAt" COLLATE "C" < "closesAt" COLLATE "C");

ALTER TABLE "PickupClosure"
  ADD CONSTRAINT "PickupClosure_dates_check" CHECK ("endDate" >= "startDate");

ALTER TABLE "MenuItem"
  ADD CONSTRAINT "MenuItem_leadMinutes_check" CHECK ("leadMinutes" >= 0),
  ADD CONSTRAINT "MenuItem_dailyLimit_check" CHECK ("dailyLimit" >= 0),
  ADD CONSTRAINT "MenuItem_availability_check" CHECK ("availableFrom" <= "availableUntil");

-- The counters never go negative: a double release would fail loudly instead of inventing capacity.
ALTER TABLE "PickupSlotUsage"
  ADD CONSTRAINT "PickupSlotUsage_orders_check" CHECK ("orders" >= 0);

ALTER TABLE "ItemDayUsage"
  ADD CONSTRAINT "ItemDayUsage_quantity_check" CHECK ("quantity" >= 0);
