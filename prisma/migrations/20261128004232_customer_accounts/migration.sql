-- Customer accounts (decision 063): customers, their sessions (apart from the owner's "Session"), e-mailed sign-in codes,
-- and the link from orders and cake requests to the account that verified their e-mail.

-- AlterTable
ALTER TABLE "CustomCakeRequest" ADD COLUMN     "customerId" TEXT;

-- AlterTable
ALTER TABLE "Order" ADD COLUMN     "customerId" TEXT;

-- CreateTable
CREATE TABLE "Customer" (
    "id" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "name" TEXT NOT NULL DEFAULT '',
    "phone" TEXT NOT NULL DEFAULT '',
    "locale" TEXT NOT NULL DEFAULT 'en',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Customer_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CustomerSession" (
    "id" TEXT NOT NULL,
    "customerId" TEXT NOT NULL,
    "expiresAt" TIMESTAMPTZ(3) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "CustomerSession_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CustomerSignInCode" (
    "id" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "codeHash" TEXT NOT NULL,
    "sealedCode" TEXT,
    "locale" TEXT NOT NULL DEFAULT 'en',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "expiresAt" TIMESTAMPTZ(3) NOT NULL,
    "usedAt" TIMESTAMPTZ(3),
    "supersededAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "CustomerSignInCode_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "Customer_email_key" ON "Customer"("email");

-- CreateIndex
CREATE INDEX "CustomerSession_customerId_idx" ON "CustomerSession"("customerId");

-- CreateIndex
CREATE INDEX "CustomerSession_expiresAt_idx" ON "CustomerSession"("expiresAt");

-- CreateIndex
CREATE INDEX "CustomerSignInCode_email_createdAt_idx" ON "CustomerSignInCode"("email", "createdAt" DESC);

-- CreateIndex
CREATE INDEX "CustomerSignInCode_expiresAt_idx" ON "CustomerSignInCode"("expiresAt");

-- CreateIndex
CREATE INDEX "CustomCakeRequest_customerId_idx" ON "CustomCakeRequest"("customerId");

-- CreateIndex
CREATE INDEX "Order_customerId_pickupAt_idx" ON "Order"("customerId", "pickupAt");

-- AddForeignKey
ALTER TABLE "CustomCakeRequest" ADD CONSTRAINT "CustomCakeRequest_customerId_fkey" FOREIGN KEY ("customerId") REFERENCES "Customer"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Order" ADD CONSTRAINT "Order_customerId_fkey" FOREIGN KEY ("customerId") REFERENCES "Customer"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CustomerSession" ADD CONSTRAINT "CustomerSession_customerId_fkey" FOREIGN KEY ("customerId") REFERENCES "Customer"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- An account's address is stored normalized, so one mailbox is one account.
ALTER TABLE "Customer" ADD CONSTRAINT "Customer_email_normalized" CHECK ("email" = lower(btrim("email")) AND "email" <> '');

-- A code's attempts never go below zero or past the limit the app allows (5).
ALTER TABLE "CustomerSignInCode" ADD CONSTRAINT "CustomerSignInCode_attempts_range" CHECK ("attempts" BETWEEN 0 AND 5);
