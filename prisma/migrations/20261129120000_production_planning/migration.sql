-- Production planning (issue 39, decisions 082/083): resources, steps, recipes, minutes per resource and day, closing counts.

-- CreateEnum
CREATE TYPE "IngredientUnit" AS ENUM ('g', 'kg', 'ml', 'l', 'each');
-- CreateTable
CREATE TABLE "ProductionResource" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "minutesByWeekday" INTEGER[],
    "startsAt" TEXT NOT NULL DEFAULT '05:00',
    "sortOrder" INTEGER NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "ProductionResource_pkey" PRIMARY KEY ("id")
);
-- CreateTable
CREATE TABLE "ProductionStep" (
    "id" TEXT NOT NULL,
    "menuItemId" TEXT NOT NULL,
    "optionChoice" TEXT NOT NULL DEFAULT '',
    "name" TEXT NOT NULL,
    "resourceId" TEXT NOT NULL,
    "minutesPerBatch" INTEGER NOT NULL,
    "batchSize" INTEGER NOT NULL,
    "daysBefore" INTEGER NOT NULL DEFAULT 0,
    "sortOrder" INTEGER NOT NULL DEFAULT 0,
    CONSTRAINT "ProductionStep_pkey" PRIMARY KEY ("id")
);
-- CreateTable
CREATE TABLE "RecipeIngredient" (
    "id" TEXT NOT NULL,
    "menuItemId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "milliQuantityPerBatch" INTEGER NOT NULL,
    "unit" "IngredientUnit" NOT NULL,
    "batchSize" INTEGER NOT NULL,
    "sortOrder" INTEGER NOT NULL DEFAULT 0,
    CONSTRAINT "RecipeIngredient_pkey" PRIMARY KEY ("id")
);
-- CreateTable
CREATE TABLE "ProductionResourceDay" (
    "resourceId" TEXT NOT NULL,
    "productionDate" DATE NOT NULL,
    "minutes" INTEGER NOT NULL DEFAULT 0,
    CONSTRAINT "ProductionResourceDay_pkey" PRIMARY KEY ("resourceId","productionDate")
);
-- CreateTable
CREATE TABLE "ClosingCount" (
    "menuItemId" TEXT NOT NULL,
    "date" DATE NOT NULL,
    "made" INTEGER NOT NULL,
    "leftOver" INTEGER NOT NULL,
    "enteredBy" TEXT NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "ClosingCount_pkey" PRIMARY KEY ("menuItemId","date")
);
-- CreateTable
CREATE TABLE "CounterOverride" (
    "menuItemId" TEXT NOT NULL,
    "date" DATE NOT NULL,
    "quantity" INTEGER NOT NULL,
    "setBy" TEXT NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "CounterOverride_pkey" PRIMARY KEY ("menuItemId","date")
);
-- CreateIndex
CREATE UNIQUE INDEX "ProductionResource_name_key" ON "ProductionResource"("name");
-- CreateIndex
CREATE INDEX "ProductionStep_menuItemId_sortOrder_idx" ON "ProductionStep"("menuItemId", "sortOrder");
-- CreateIndex
CREATE INDEX "ProductionStep_resourceId_idx" ON "ProductionStep"("resourceId");
-- CreateIndex
CREATE INDEX "RecipeIngredient_menuItemId_sortOrder_idx" ON "RecipeIngredient"("menuItemId", "sortOrder");
-- CreateIndex
CREATE INDEX "ProductionResourceDay_productionDate_idx" ON "ProductionResourceDay"("productionDate");
-- CreateIndex
CREATE INDEX "ClosingCount_date_idx" ON "ClosingCount"("date");
-- AddForeignKey
ALTER TABLE "ProductionStep" ADD CONSTRAINT "ProductionStep_menuItemId_fkey" FOREIGN KEY ("menuItemId") REFERENCES "MenuItem"("id") ON DELETE CASCADE ON UPDATE CASCADE;
-- AddForeignKey
ALTER TABLE "ProductionStep" ADD CONSTRAINT "ProductionStep_resourceId_fkey" FOREIGN KEY ("resourceId") REFERENCES "ProductionResource"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
-- AddForeignKey
ALTER TABLE "RecipeIngredient" ADD CONSTRAINT "RecipeIngredient_menuItemId_fkey" FOREIGN KEY ("menuItemId") REFERENCES "MenuItem"("id") ON DELETE CASCADE ON UPDATE CASCADE;
-- AddForeignKey
ALTER TABLE "ProductionResourceDay" ADD CONSTRAINT "ProductionResourceDay_resourceId_fkey" FOREIGN KEY ("resourceId") REFERENCES "ProductionResource"("id") ON DELETE CASCADE ON UPDATE CASCADE;
-- AddForeignKey
ALTER TABLE "ClosingCount" ADD CONSTRAINT "ClosingCount_menuItemId_fkey" FOREIGN KEY ("menuItemId") REFERENCES "MenuItem"("id") ON DELETE CASCADE ON UPDATE CASCADE;
-- AddForeignKey
ALTER TABLE "CounterOverride" ADD CONSTRAINT "CounterOverride_menuItemId_fkey" FOREIGN KEY ("menuItemId") REFERENCES "MenuItem"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The rules the screens also check, held by the database whatever writes the rows.
ALTER TABLE "ProductionResource"
  ADD CONSTRAINT "ProductionResource_name_check" CHECK (length(btrim("name")) BETWEEN 1 AND 60),
  ADD CONSTRAINT "ProductionResource_week_check" CHECK (
    cardinality("minutesByWeekday") = 7 AND array_position("minutesByWeekday", NULL) IS NULL
    AND 0 <= ALL ("minutesByWeekday") AND 1440 >= ALL ("minutesByWeekday")),
  ADD CONSTRAINT "ProductionResource_startsAt_check" CHECK ("startsAt" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$');
ALTER TABLE "ProductionStep"
  ADD CONSTRAINT "ProductionStep_minutes_check" CHECK ("minutesPerBatch" BETWEEN 1 AND 1440),
  ADD CONSTRAINT "ProductionStep_batch_check" CHECK ("batchSize" BETWEEN 1 AND 10000),
  ADD CONSTRAINT "ProductionStep_days_check" CHECK ("daysBefore" BETWEEN 0 AND 14);
ALTER TABLE "RecipeIngredient"
  ADD CONSTRAINT "RecipeIngredient_quantity_check" CHECK ("milliQuantityPerBatch" BETWEEN 1 AND 1000000000),
  ADD CONSTRAINT "RecipeIngredient_batch_check" CHECK ("batchSize" BETWEEN 1 AND 10000);
ALTER TABLE "ProductionResourceDay" ADD CONSTRAINT "ProductionResourceDay_minutes_check" CHECK ("minutes" >= 0);
ALTER TABLE "ClosingCount"
  ADD CONSTRAINT "ClosingCount_counts_check" CHECK ("made" BETWEEN 0 AND 100000 AND "leftOver" BETWEEN 0 AND "made");
ALTER TABLE "CounterOverride" ADD CONSTRAINT "CounterOverride_quantity_check" CHECK ("quantity" BETWEEN 0 AND 100000);
