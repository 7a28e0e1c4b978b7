-- The review loop: ratings, the owner's approval and order, invitations (docs/decisions, review loop).

-- CreateEnum
CREATE TYPE "ReviewStatus" AS ENUM ('PENDING', 'APPROVED', 'HIDDEN');

-- CreateEnum
CREATE TYPE "ReviewSource" AS ENUM ('OWNER', 'CUSTOMER');

-- DropIndex
DROP INDEX "Review_createdAt_idx";

-- AlterTable: the reviews already on the site were entered by the owner and shown, so they stay shown,
-- with five stars (every one of them praises the bakery) and in the order the page showed them (newest first).
ALTER TABLE "Review" ADD COLUMN     "orderId" TEXT,
ADD COLUMN     "position" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "rating" INTEGER NOT NULL DEFAULT 5,
ADD COLUMN     "source" "ReviewSource" NOT NULL DEFAULT 'OWNER',
ADD COLUMN     "status" "ReviewStatus" NOT NULL DEFAULT 'APPROVED',
ADD COLUMN     "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP;

UPDATE "Review" SET "position" = ranked.position
FROM (SELECT id, (row_number() OVER (ORDER BY "createdAt" DESC, id ASC))::INTEGER - 1 AS position FROM "Review") AS ranked
WHERE "Review".id = ranked.id;

-- New rows state their rating; a review nobody approved is not shown.
ALTER TABLE "Review" ALTER COLUMN "rating" DROP DEFAULT,
ALTER COLUMN "status" SET DEFAULT 'PENDING',
ALTER COLUMN "updatedAt" DROP DEFAULT;

ALTER TABLE "Review" ADD CONSTRAINT "Review_rating_check" CHECK ("rating" BETWEEN 1 AND 5);

-- CreateTable
CREATE TABLE "ReviewInvitation" (
    "id" TEXT NOT NULL,
    "orderId" TEXT NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "usedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ReviewInvitation_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "ReviewInvitation_orderId_key" ON "ReviewInvitation"("orderId");

-- CreateIndex
CREATE UNIQUE INDEX "Review_orderId_key" ON "Review"("orderId");

-- CreateIndex
CREATE INDEX "Review_status_position_idx" ON "Review"("status", "position");

-- AddForeignKey
ALTER TABLE "Review" ADD CONSTRAINT "Review_orderId_fkey" FOREIGN KEY ("orderId") REFERENCES "Order"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ReviewInvitation" ADD CONSTRAINT "ReviewInvitation_orderId_fkey" FOREIGN KEY ("orderId") REFERENCES "Order"("id") ON DELETE CASCADE ON UPDATE CASCADE;
