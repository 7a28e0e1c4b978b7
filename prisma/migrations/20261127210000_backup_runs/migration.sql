-- The nightly backups' record (decision 059): one row per attempt; a row names its object only once the
-- upload completed, so a failed or unfinished run can never point at a partial dump.

-- CreateEnum
CREATE TYPE "BackupRunStatus" AS ENUM ('RUNNING', 'SUCCEEDED', 'FAILED');

-- CreateTable
CREATE TABLE "BackupRun" (
    "id" SERIAL NOT NULL,
    "status" "BackupRunStatus" NOT NULL DEFAULT 'RUNNING',
    "startedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finishedAt" TIMESTAMP(3),
    "objectKey" TEXT,
    "sizeBytes" BIGINT,
    "error" TEXT,

    CONSTRAINT "BackupRun_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "BackupRun_objectKey_key" ON "BackupRun"("objectKey");

-- CreateIndex
CREATE INDEX "BackupRun_status_startedAt_idx" ON "BackupRun"("status", "startedAt" DESC);

-- A complete backup has its object, its size and its end; no other run has an object.
ALTER TABLE "BackupRun" ADD CONSTRAINT "BackupRun_object_only_when_succeeded" CHECK (
  ("status" = 'SUCCEEDED') = ("objectKey" IS NOT NULL AND "sizeBytes" IS NOT NULL AND "finishedAt" IS NOT NULL)
);
