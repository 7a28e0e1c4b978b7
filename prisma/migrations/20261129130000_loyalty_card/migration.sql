-- The loyalty card (decision 085): the owner's program, stamps and rewards; the stamp function written from prisma/sql/ (prisma/sql/README.md).

-- CreateTable
CREATE TABLE "LoyaltyProgram" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "enabled" BOOLEAN NOT NULL DEFAULT false,
    "minOrderCents" INTEGER NOT NULL DEFAULT 1000,
    "stampsPerReward" INTEGER NOT NULL DEFAULT 10,
    "rewardCents" INTEGER NOT NULL DEFAULT 450,
    "rewardNameEn" VARCHAR(60) NOT NULL DEFAULT 'a free pastry',
    "rewardNameEs" VARCHAR(60) NOT NULL DEFAULT 'un pan dulce gratis',
    "rewardNamePtBr" VARCHAR(60) NOT NULL DEFAULT 'um doce grátis',
    "startedAt" TIMESTAMPTZ(3),
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "LoyaltyProgram_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "LoyaltyStamp" (
    "orderId" TEXT NOT NULL,
    "customerId" TEXT NOT NULL,
    "earnedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "reversedAt" TIMESTAMPTZ(3),

    CONSTRAINT "LoyaltyStamp_pkey" PRIMARY KEY ("orderId")
);

-- CreateTable
CREATE TABLE "LoyaltyReward" (
    "id" TEXT NOT NULL,
    "customerId" TEXT NOT NULL,
    "number" INTEGER NOT NULL,
    "creditCents" INTEGER NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "LoyaltyReward_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "LoyaltyStamp_customerId_idx" ON "LoyaltyStamp"("customerId");

-- CreateIndex
CREATE UNIQUE INDEX "LoyaltyReward_customerId_number_key" ON "LoyaltyReward"("customerId", "number");

-- AddForeignKey
ALTER TABLE "LoyaltyStamp" ADD CONSTRAINT "LoyaltyStamp_orderId_fkey" FOREIGN KEY ("orderId") REFERENCES "Order"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "LoyaltyStamp" ADD CONSTRAINT "LoyaltyStamp_customerId_fkey" FOREIGN KEY ("customerId") REFERENCES "Customer"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "LoyaltyReward" ADD CONSTRAINT "LoyaltyReward_customerId_fkey" FOREIGN KEY ("customerId") REFERENCES "Customer"("id") ON DELETE CASCADE ON UPDATE CASCADE;


-- The owner's choices stay within what a card can be.
ALTER TABLE "LoyaltyProgram" ADD CONSTRAINT "LoyaltyProgram_single_row" CHECK ("id" = 1),
  ADD CONSTRAINT "LoyaltyProgram_minOrderCents_range" CHECK ("minOrderCents" BETWEEN 0 AND 100000),
  ADD CONSTRAINT "LoyaltyProgram_stampsPerReward_range" CHECK ("stampsPerReward" BETWEEN 2 AND 50),
  ADD CONSTRAINT "LoyaltyProgram_rewardCents_range" CHECK ("rewardCents" BETWEEN 1 AND 10000);
ALTER TABLE "LoyaltyReward" ADD CONSTRAINT "LoyaltyReward_number_positive" CHECK ("number" >= 1),
  ADD CONSTRAINT "LoyaltyReward_creditCents_positive" CHECK ("creditCents" >= 1);

-- The stamp card (decision 085): gives the customer a stamp for each of their orders that earns one and has none yet
-- (paid, picked up, paid since the card started, at least the minimum without the tip), then creates one reward for each
-- full card of stamps not yet rewarded (a reversed stamp no longer counts, so after a refund the next reward needs one
-- stamp more). Under a lock on the customer's row: two pickups at once count each other's stamp, and each reward is
-- created once (its number is unique too). Nothing while the card is off. Returns the rewards it created, for the
-- caller to credit in the same transaction.
CREATE OR REPLACE FUNCTION loyalty_collect_stamps(p_customer_id text)
RETURNS TABLE ("rewardNumber" integer, "rewardCents" integer)
LANGUAGE plpgsql AS $$
DECLARE
  v_program "LoyaltyProgram"%ROWTYPE;
  v_stamps integer;
  v_rewarded integer;
BEGIN
  SELECT * INTO v_program FROM "LoyaltyProgram" p WHERE p."id" = 1;
  IF NOT FOUND OR NOT v_program."enabled" OR v_program."startedAt" IS NULL THEN
    RETURN;
  END IF;
  PERFORM 1 FROM "Customer" c WHERE c."id" = p_customer_id FOR UPDATE;
  IF NOT FOUND THEN
    RETURN;
  END IF;
  INSERT INTO "LoyaltyStamp" ("orderId", "customerId")
  SELECT o."id", p_customer_id FROM "Order" o
  WHERE o."customerId" = p_customer_id AND o."status" = 'PICKED_UP' AND o."paidAt" >= v_program."startedAt"
    AND o."totalCents" - o."tipCents" >= v_program."minOrderCents"
  ON CONFLICT ("orderId") DO NOTHING;
  SELECT count(*) INTO v_stamps FROM "LoyaltyStamp" s WHERE s."customerId" = p_customer_id AND s."reversedAt" IS NULL;
  SELECT count(*) INTO v_rewarded FROM "LoyaltyReward" r WHERE r."customerId" = p_customer_id;
  RETURN QUERY
  INSERT INTO "LoyaltyReward" AS r ("id", "customerId", "number", "creditCents")
  SELECT gen_random_uuid()::text, p_customer_id, n, v_program."rewardCents"
  FROM generate_series(v_rewarded + 1, v_stamps / v_program."stampsPerReward") AS n
  RETURNING r."number", r."creditCents";
END
$$;
