-- CreateTable
CREATE TABLE "DevOutboxMail" (
    "id" TEXT NOT NULL,
    "jobKey" TEXT NOT NULL,
    "messageId" TEXT NOT NULL,
    "from" TEXT NOT NULL,
    "to" TEXT[],
    "replyTo" TEXT,
    "subject" TEXT NOT NULL,
    "html" TEXT NOT NULL,
    "text" TEXT NOT NULL,
    "headers" JSONB NOT NULL,
    "attachments" JSONB NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "DevOutboxMail_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "DevOutboxMail_jobKey_key" ON "DevOutboxMail"("jobKey");

-- CreateIndex
CREATE INDEX "DevOutboxMail_createdAt_idx" ON "DevOutboxMail"("createdAt" DESC);
