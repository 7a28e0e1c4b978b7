-- CreateEnum
CREATE TYPE "TextChannel" AS ENUM ('SMS', 'WHATSAPP');

-- CreateEnum
CREATE TYPE "TextStatus" AS ENUM ('QUEUED', 'SENDING', 'SENT', 'FAILED', 'SKIPPED');

-- CreateTable
CREATE TABLE "TextMessage" (
    "id" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "orderId" TEXT,
    "cakeRequestId" TEXT,
    "to" TEXT NOT NULL,
    "channel" "TextChannel" NOT NULL,
    "locale" TEXT NOT NULL DEFAULT 'en',
    "body" TEXT NOT NULL DEFAULT '',
    "status" "TextStatus" NOT NULL DEFAULT 'QUEUED',
    "reason" TEXT,
    "transport" TEXT,
    "providerSid" TEXT,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "lastError" TEXT,
    "attemptStartedAt" TIMESTAMPTZ(3),
    "sendAfter" TIMESTAMPTZ(3) NOT NULL,
    "sentAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "TextMessage_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "TextConsent" (
    "phone" TEXT NOT NULL,
    "channel" "TextChannel" NOT NULL,
    "wording" TEXT NOT NULL,
    "version" TEXT NOT NULL,
    "source" TEXT NOT NULL,
    "grantedAt" TIMESTAMPTZ(3) NOT NULL,
    "clientDigest" TEXT,
    "userAgent" VARCHAR(300),
    "withdrawnAt" TIMESTAMPTZ(3),
    "withdrawnBy" TEXT,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "TextConsent_pkey" PRIMARY KEY ("phone")
);

-- CreateTable
CREATE TABLE "TextSettings" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "remindEveningBefore" BOOLEAN NOT NULL DEFAULT true,
    "remindHoursBefore" BOOLEAN NOT NULL DEFAULT false,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "TextSettings_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "TextMessage_key_key" ON "TextMessage"("key");

-- CreateIndex
CREATE UNIQUE INDEX "TextMessage_providerSid_key" ON "TextMessage"("providerSid");

-- CreateIndex
CREATE INDEX "TextMessage_createdAt_idx" ON "TextMessage"("createdAt" DESC);

-- CreateIndex
CREATE INDEX "TextMessage_orderId_idx" ON "TextMessage"("orderId");

-- CreateIndex
CREATE INDEX "TextMessage_to_idx" ON "TextMessage"("to");

-- Checks Prisma cannot express (hand-written; Prisma ignores CHECK constraints when diffing).
ALTER TABLE "TextMessage"
  ADD CONSTRAINT "TextMessage_to_e164" CHECK ("to" ~ '^\+[1-9][0-9]{6,14}$'),
  ADD CONSTRAINT "TextMessage_locale_check" CHECK ("locale" IN ('en', 'es', 'pt-BR')),
  ADD CONSTRAINT "TextMessage_attempts_check" CHECK ("attempts" >= 0),
  -- A sent text has the provider's id (or was kept by the development Outbox).
  ADD CONSTRAINT "TextMessage_sent_check" CHECK ("status" <> 'SENT' OR "sentAt" IS NOT NULL),
  ADD CONSTRAINT "TextMessage_about_check" CHECK ("orderId" IS NOT NULL OR "cakeRequestId" IS NOT NULL);
ALTER TABLE "TextConsent"
  ADD CONSTRAINT "TextConsent_phone_e164" CHECK ("phone" ~ '^\+[1-9][0-9]{6,14}$'),
  ADD CONSTRAINT "TextConsent_withdrawn_check" CHECK (("withdrawnAt" IS NULL) = ("withdrawnBy" IS NULL));
ALTER TABLE "TextSettings" ADD CONSTRAINT "TextSettings_single_row" CHECK ("id" = 1);
