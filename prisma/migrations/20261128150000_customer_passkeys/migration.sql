-- Customer passkeys (decision 066): WebAuthn credentials of customer accounts, and the single-use challenges of
-- registering and signing in (a registration's bound to the customer session that asked for it).

-- CreateTable
CREATE TABLE "CustomerPasskey" (
    "id" TEXT NOT NULL,
    "customerId" TEXT NOT NULL,
    "publicKey" BYTEA NOT NULL,
    "counter" BIGINT NOT NULL DEFAULT 0,
    "transports" TEXT[],
    "deviceType" TEXT NOT NULL,
    "backedUp" BOOLEAN NOT NULL,
    "name" TEXT NOT NULL DEFAULT '',
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastUsedAt" TIMESTAMPTZ(3),

    CONSTRAINT "CustomerPasskey_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "PasskeyChallenge" (
    "id" TEXT NOT NULL,
    "challenge" TEXT NOT NULL,
    "purpose" TEXT NOT NULL,
    "sessionId" TEXT,
    "expiresAt" TIMESTAMPTZ(3) NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "PasskeyChallenge_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "CustomerPasskey_customerId_idx" ON "CustomerPasskey"("customerId");

-- CreateIndex
CREATE INDEX "PasskeyChallenge_expiresAt_idx" ON "PasskeyChallenge"("expiresAt");

-- CreateIndex
CREATE INDEX "PasskeyChallenge_sessionId_idx" ON "PasskeyChallenge"("sessionId");

-- AddForeignKey
ALTER TABLE "CustomerPasskey" ADD CONSTRAINT "CustomerPasskey_customerId_fkey" FOREIGN KEY ("customerId") REFERENCES "Customer"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PasskeyChallenge" ADD CONSTRAINT "PasskeyChallenge_sessionId_fkey" FOREIGN KEY ("sessionId") REFERENCES "CustomerSession"("id") ON DELETE CASCADE ON UPDATE CASCADE;


-- A signature counter is a uint32 (WebAuthn §6.1).
ALTER TABLE "CustomerPasskey" ADD CONSTRAINT "CustomerPasskey_counter_range" CHECK ("counter" BETWEEN 0 AND 4294967295);

-- A challenge is for registering (within a customer session) or for signing in (before one exists).
ALTER TABLE "PasskeyChallenge" ADD CONSTRAINT "PasskeyChallenge_purpose" CHECK (
    ("purpose" = 'register' AND "sessionId" IS NOT NULL) OR ("purpose" = 'sign-in' AND "sessionId" IS NULL)
);
