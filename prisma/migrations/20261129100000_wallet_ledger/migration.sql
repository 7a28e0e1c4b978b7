-- The wallet: gift cards and store credit on one append-only ledger (issue 38, decisions 078, 079).

-- CreateEnum
CREATE TYPE "WalletAccountKind" AS ENUM ('GIFT_CARD', 'STORE_CREDIT');

-- CreateEnum
CREATE TYPE "WalletAccountStatus" AS ENUM ('ACTIVE', 'VOID');

-- CreateEnum
CREATE TYPE "WalletEntryKind" AS ENUM ('ISSUE', 'PURCHASE', 'CREDIT', 'HOLD', 'RELEASE', 'CAPTURE', 'REFUND', 'VOID');

-- CreateEnum
CREATE TYPE "WalletHoldStatus" AS ENUM ('HELD', 'RELEASED', 'CAPTURED');

-- CreateEnum
CREATE TYPE "GiftCardSource" AS ENUM ('SHOP', 'PROMOTION', 'ONLINE');

-- CreateEnum
CREATE TYPE "GiftCardPurchaseStatus" AS ENUM ('PENDING', 'PAID', 'EXPIRED', 'CANCELLED', 'FAILED');

-- CreateTable
CREATE TABLE "WalletAccount" (
    "id" TEXT NOT NULL,
    "kind" "WalletAccountKind" NOT NULL,
    "status" "WalletAccountStatus" NOT NULL DEFAULT 'ACTIVE',
    "balanceCents" INTEGER NOT NULL DEFAULT 0,
    "heldCents" INTEGER NOT NULL DEFAULT 0,
    "customerId" TEXT,
    "voidedAt" TIMESTAMPTZ(3),
    "voidReason" TEXT,
    "voidedBy" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "WalletAccount_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "WalletEntry" (
    "id" BIGSERIAL NOT NULL,
    "accountId" TEXT NOT NULL,
    "kind" "WalletEntryKind" NOT NULL,
    "amountCents" INTEGER NOT NULL,
    "heldChangeCents" INTEGER NOT NULL DEFAULT 0,
    "balanceAfterCents" INTEGER NOT NULL,
    "reference" TEXT,
    "note" TEXT NOT NULL DEFAULT '',
    "createdBy" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "WalletEntry_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "WalletHold" (
    "id" TEXT NOT NULL,
    "accountId" TEXT NOT NULL,
    "reference" TEXT NOT NULL,
    "amountCents" INTEGER NOT NULL,
    "status" "WalletHoldStatus" NOT NULL DEFAULT 'HELD',
    "refundedCents" INTEGER NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "settledAt" TIMESTAMPTZ(3),

    CONSTRAINT "WalletHold_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "GiftCard" (
    "id" TEXT NOT NULL,
    "accountId" TEXT NOT NULL,
    "codeDigest" TEXT NOT NULL,
    "codeLast4" TEXT NOT NULL,
    "source" "GiftCardSource" NOT NULL,
    "issuedTo" TEXT NOT NULL DEFAULT '',
    "note" TEXT NOT NULL DEFAULT '',
    "issuedBy" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "GiftCard_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "GiftCardPurchase" (
    "id" TEXT NOT NULL,
    "status" "GiftCardPurchaseStatus" NOT NULL DEFAULT 'PENDING',
    "amountCents" INTEGER NOT NULL,
    "buyerName" TEXT NOT NULL,
    "buyerEmail" TEXT NOT NULL,
    "locale" TEXT NOT NULL DEFAULT 'en',
    "forRecipient" BOOLEAN NOT NULL DEFAULT false,
    "recipientName" TEXT NOT NULL DEFAULT '',
    "recipientEmail" TEXT NOT NULL DEFAULT '',
    "recipientPhone" TEXT NOT NULL DEFAULT '',
    "message" TEXT NOT NULL DEFAULT '',
    "deliverOn" DATE NOT NULL,
    "providerSessionId" TEXT,
    "sealedCode" TEXT,
    "giftCardId" TEXT,
    "paidAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "GiftCardPurchase_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "WalletAccount_customerId_key" ON "WalletAccount"("customerId");

-- CreateIndex
CREATE INDEX "WalletAccount_kind_status_idx" ON "WalletAccount"("kind", "status");

-- CreateIndex
CREATE INDEX "WalletEntry_accountId_id_idx" ON "WalletEntry"("accountId", "id");

-- CreateIndex
CREATE INDEX "WalletHold_reference_idx" ON "WalletHold"("reference");

-- CreateIndex
CREATE UNIQUE INDEX "WalletHold_accountId_reference_key" ON "WalletHold"("accountId", "reference");

-- CreateIndex
CREATE UNIQUE INDEX "GiftCard_accountId_key" ON "GiftCard"("accountId");

-- CreateIndex
CREATE UNIQUE INDEX "GiftCard_codeDigest_key" ON "GiftCard"("codeDigest");

-- CreateIndex
CREATE UNIQUE INDEX "GiftCardPurchase_providerSessionId_key" ON "GiftCardPurchase"("providerSessionId");

-- CreateIndex
CREATE UNIQUE INDEX "GiftCardPurchase_giftCardId_key" ON "GiftCardPurchase"("giftCardId");

-- CreateIndex
CREATE INDEX "GiftCardPurchase_status_createdAt_idx" ON "GiftCardPurchase"("status", "createdAt");

-- AddForeignKey
ALTER TABLE "WalletAccount" ADD CONSTRAINT "WalletAccount_customerId_fkey" FOREIGN KEY ("customerId") REFERENCES "Customer"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "WalletEntry" ADD CONSTRAINT "WalletEntry_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "WalletAccount"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "WalletHold" ADD CONSTRAINT "WalletHold_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "WalletAccount"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "GiftCard" ADD CONSTRAINT "GiftCard_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "WalletAccount"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "GiftCardPurchase" ADD CONSTRAINT "GiftCardPurchase_giftCardId_fkey" FOREIGN KEY ("giftCardId") REFERENCES "GiftCard"("id") ON DELETE RESTRICT ON UPDATE CASCADE;


-- The rules the database holds whoever writes.
ALTER TABLE "WalletAccount"
  ADD CONSTRAINT "WalletAccount_balance_not_negative" CHECK ("balanceCents" >= 0),
  ADD CONSTRAINT "WalletAccount_held_not_negative" CHECK ("heldCents" >= 0),
  ADD CONSTRAINT "WalletAccount_store_credit_has_customer_once"
    CHECK ("kind" = 'STORE_CREDIT' OR "customerId" IS NULL),
  ADD CONSTRAINT "WalletAccount_void_fields" CHECK (("status" = 'VOID') = ("voidedAt" IS NOT NULL));
ALTER TABLE "WalletHold"
  ADD CONSTRAINT "WalletHold_amount_positive" CHECK ("amountCents" > 0),
  ADD CONSTRAINT "WalletHold_refunded_range" CHECK ("refundedCents" >= 0 AND "refundedCents" <= "amountCents"),
  ADD CONSTRAINT "WalletHold_refund_only_captured" CHECK ("refundedCents" = 0 OR "status" = 'CAPTURED');
ALTER TABLE "GiftCard"
  ADD CONSTRAINT "GiftCard_note_length" CHECK (char_length("note") <= 500 AND char_length("issuedTo") <= 200);
ALTER TABLE "GiftCardPurchase"
  ADD CONSTRAINT "GiftCardPurchase_amount_range" CHECK ("amountCents" BETWEEN 1000 AND 50000),
  ADD CONSTRAINT "GiftCardPurchase_message_length" CHECK (char_length("message") <= 500);
CREATE UNIQUE INDEX "WalletEntry_refund_reference_key" ON "WalletEntry"("accountId", "reference")
  WHERE "kind" = 'REFUND';

-- The wallet's entries are its history: once written they never change or disappear (BK020). Corrections are new
-- entries (a refund, a void), written by the wallet's functions.
CREATE OR REPLACE FUNCTION wallet_entry_append_only()
RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'wallet entries are append-only (% refused)', TG_OP USING ERRCODE = 'BK020';
END
$$;

CREATE OR REPLACE TRIGGER "WalletEntry_append_only"
  BEFORE UPDATE OR DELETE ON "WalletEntry"
  FOR EACH ROW EXECUTE FUNCTION wallet_entry_append_only();

-- Puts money on an active account (a card issued or bought, store credit given) with its entry, the row locked.
-- p_kind is ISSUE, PURCHASE or CREDIT; p_reference says why (store credit: 'refund' or 'goodwill'). The new
-- balance; null when the account is unknown or void (nothing written).
CREATE OR REPLACE FUNCTION wallet_deposit(
  p_account_id text, p_kind "WalletEntryKind", p_amount integer, p_reference text, p_note text, p_created_by text
)
RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  v_balance integer;
BEGIN
  IF p_amount IS NULL OR p_amount <= 0 OR p_kind NOT IN ('ISSUE', 'PURCHASE', 'CREDIT') THEN
    RAISE EXCEPTION 'wallet_deposit: % of % cents is not a deposit', p_kind, p_amount USING ERRCODE = 'BK021';
  END IF;
  UPDATE "WalletAccount" SET "balanceCents" = "balanceCents" + p_amount
  WHERE "id" = p_account_id AND "status" = 'ACTIVE'
  RETURNING "balanceCents" INTO v_balance;
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  INSERT INTO "WalletEntry" ("accountId", "kind", "amountCents", "balanceAfterCents", "reference", "note", "createdBy")
  VALUES (p_account_id, p_kind, p_amount, v_balance, p_reference, COALESCE(p_note, ''), p_created_by);
  RETURN v_balance;
END
$$;

-- Holds p_amount of an account for a payment (p_reference: 'order:<id>', 'cake-payment:<id>'), the account's row
-- locked first so concurrent holds queue: 'held' (balance to held, a HOLD entry), 'insufficient' (the balance
-- cannot cover it: nothing written), 'void', 'unknown' or 'duplicate' (this reference already has a hold on this
-- account: nothing written). Always with the balance as it is now, which the caller tells the customer.
-- A checkout holding on two accounts locks them in id order (call this in that order) so two never deadlock.
CREATE OR REPLACE FUNCTION wallet_hold(p_account_id text, p_reference text, p_amount integer)
RETURNS TABLE (outcome text, balance_cents integer) LANGUAGE plpgsql AS $$
DECLARE
  v_account record;
  v_hold_id text;
BEGIN
  IF p_amount IS NULL OR p_amount <= 0 OR p_reference IS NULL OR p_reference = '' THEN
    RAISE EXCEPTION 'wallet_hold: % cents for % is not a hold', p_amount, p_reference USING ERRCODE = 'BK021';
  END IF;
  SELECT "status", "balanceCents" INTO v_account FROM "WalletAccount" WHERE "id" = p_account_id FOR UPDATE;
  IF NOT FOUND THEN
    RETURN QUERY SELECT 'unknown'::text, 0;
    RETURN;
  END IF;
  IF v_account."status" <> 'ACTIVE' THEN
    RETURN QUERY SELECT 'void'::text, 0;
    RETURN;
  END IF;
  IF v_account."balanceCents" < p_amount THEN
    RETURN QUERY SELECT 'insufficient'::text, v_account."balanceCents";
    RETURN;
  END IF;
  INSERT INTO "WalletHold" ("id", "accountId", "reference", "amountCents")
  VALUES (gen_random_uuid()::text, p_account_id, p_reference, p_amount)
  ON CONFLICT ("accountId", "reference") DO NOTHING
  RETURNING "id" INTO v_hold_id;
  IF v_hold_id IS NULL THEN
    RETURN QUERY SELECT 'duplicate'::text, v_account."balanceCents";
    RETURN;
  END IF;
  UPDATE "WalletAccount" SET "balanceCents" = "balanceCents" - p_amount, "heldCents" = "heldCents" + p_amount
  WHERE "id" = p_account_id;
  INSERT INTO "WalletEntry" ("accountId", "kind", "amountCents", "heldChangeCents", "balanceAfterCents", "reference")
  VALUES (p_account_id, 'HOLD', -p_amount, p_amount, v_account."balanceCents" - p_amount, p_reference);
  RETURN QUERY SELECT 'held'::text, v_account."balanceCents" - p_amount;
END
$$;

-- Gives a payment's hold back to its account exactly once (the payment expired, was cancelled or failed): only a
-- HELD hold moves to RELEASED, so a replayed or concurrent call, or one after the capture, changes nothing. On a
-- voided account the amount returned is voided again at once (it left the liability with the card). True when it
-- gave the hold back.
CREATE OR REPLACE FUNCTION wallet_hold_release(p_account_id text, p_reference text)
RETURNS boolean LANGUAGE plpgsql AS $$
DECLARE
  v_status "WalletAccountStatus";
  v_amount integer;
  v_balance integer;
BEGIN
  SELECT "status" INTO v_status FROM "WalletAccount" WHERE "id" = p_account_id FOR UPDATE;
  UPDATE "WalletHold" SET "status" = 'RELEASED', "settledAt" = now()
  WHERE "accountId" = p_account_id AND "reference" = p_reference AND "status" = 'HELD'
  RETURNING "amountCents" INTO v_amount;
  IF NOT FOUND THEN
    RETURN false;
  END IF;
  UPDATE "WalletAccount" SET "balanceCents" = "balanceCents" + v_amount, "heldCents" = "heldCents" - v_amount
  WHERE "id" = p_account_id
  RETURNING "balanceCents" INTO v_balance;
  INSERT INTO "WalletEntry" ("accountId", "kind", "amountCents", "heldChangeCents", "balanceAfterCents", "reference")
  VALUES (p_account_id, 'RELEASE', v_amount, -v_amount, v_balance, p_reference);
  IF v_status = 'VOID' THEN
    UPDATE "WalletAccount" SET "balanceCents" = 0 WHERE "id" = p_account_id;
    INSERT INTO "WalletEntry" ("accountId", "kind", "amountCents", "balanceAfterCents", "reference", "note")
    VALUES (p_account_id, 'VOID', -v_balance, 0, p_reference, 'released after the card was voided');
  END IF;
  RETURN true;
END
$$;

-- Spends a payment's hold exactly once (the payment was paid): only a HELD hold moves to CAPTURED, so a replayed
-- or concurrent call, or one after the release, changes nothing. True when it spent the hold.
CREATE OR REPLACE FUNCTION wallet_hold_capture(p_account_id text, p_reference text)
RETURNS boolean LANGUAGE plpgsql AS $$
DECLARE
  v_amount integer;
  v_balance integer;
BEGIN
  PERFORM 1 FROM "WalletAccount" WHERE "id" = p_account_id FOR UPDATE;
  UPDATE "WalletHold" SET "status" = 'CAPTURED', "settledAt" = now()
  WHERE "accountId" = p_account_id AND "reference" = p_reference AND "status" = 'HELD'
  RETURNING "amountCents" INTO v_amount;
  IF NOT FOUND THEN
    RETURN false;
  END IF;
  UPDATE "WalletAccount" SET "heldCents" = "heldCents" - v_amount
  WHERE "id" = p_account_id
  RETURNING "balanceCents" INTO v_balance;
  INSERT INTO "WalletEntry" ("accountId", "kind", "amountCents", "heldChangeCents", "balanceAfterCents", "reference")
  VALUES (p_account_id, 'CAPTURE', 0, -v_amount, v_balance, p_reference);
  RETURN true;
END
$$;

-- Returns p_amount of a captured hold (p_hold_reference) to the same account, exactly once per p_refund_reference
-- (a unique index on REFUND entries): 'refunded', 'duplicate' (this refund was made already: nothing written),
-- 'not-captured' (no spent hold of that reference), 'too-much' (more than is left of it to refund), 'void'
-- (the account was voided: nothing written, the caller returns the money another way).
CREATE OR REPLACE FUNCTION wallet_refund(
  p_account_id text, p_hold_reference text, p_refund_reference text, p_amount integer
)
RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  v_status "WalletAccountStatus";
  v_hold record;
  v_balance integer;
  v_entry_id bigint;
BEGIN
  IF p_amount IS NULL OR p_amount <= 0 OR p_refund_reference IS NULL OR p_refund_reference = '' THEN
    RAISE EXCEPTION 'wallet_refund: % cents for % is not a refund', p_amount, p_refund_reference
      USING ERRCODE = 'BK021';
  END IF;
  SELECT "status" INTO v_status FROM "WalletAccount" WHERE "id" = p_account_id FOR UPDATE;
  IF v_status IS DISTINCT FROM 'ACTIVE' THEN
    RETURN 'void';
  END IF;
  IF EXISTS (SELECT 1 FROM "WalletEntry" WHERE "accountId" = p_account_id AND "kind" = 'REFUND'
      AND "reference" = p_refund_reference) THEN
    RETURN 'duplicate';
  END IF;
  SELECT "id", "amountCents", "refundedCents" INTO v_hold FROM "WalletHold"
  WHERE "accountId" = p_account_id AND "reference" = p_hold_reference AND "status" = 'CAPTURED';
  IF NOT FOUND THEN
    RETURN 'not-captured';
  END IF;
  IF v_hold."refundedCents" + p_amount > v_hold."amountCents" THEN
    RETURN 'too-much';
  END IF;
  UPDATE "WalletHold" SET "refundedCents" = "refundedCents" + p_amount WHERE "id" = v_hold."id";
  UPDATE "WalletAccount" SET "balanceCents" = "balanceCents" + p_amount
  WHERE "id" = p_account_id
  RETURNING "balanceCents" INTO v_balance;
  INSERT INTO "WalletEntry" ("accountId", "kind", "amountCents", "balanceAfterCents", "reference", "note")
  VALUES (p_account_id, 'REFUND', p_amount, v_balance, p_refund_reference, p_hold_reference)
  ON CONFLICT DO NOTHING
  RETURNING "id" INTO v_entry_id;
  IF v_entry_id IS NULL THEN
    RAISE EXCEPTION 'wallet_refund: % was made concurrently', p_refund_reference USING ERRCODE = 'BK022';
  END IF;
  RETURN 'refunded';
END
$$;

-- Voids an account with the owner's reason: its spendable balance leaves (a VOID entry) and nothing more can be
-- held on it. A live hold stays: its payment may still be paid (captured) or released, when the amount is voided
-- too (wallet_hold_release). The amount voided; null when the account is unknown or already void.
CREATE OR REPLACE FUNCTION wallet_void(p_account_id text, p_reason text, p_voided_by text)
RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  v_balance integer;
BEGIN
  SELECT "balanceCents" INTO v_balance FROM "WalletAccount"
  WHERE "id" = p_account_id AND "status" = 'ACTIVE' FOR UPDATE;
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  UPDATE "WalletAccount" SET "status" = 'VOID', "balanceCents" = 0, "voidedAt" = now(),
    "voidReason" = p_reason, "voidedBy" = p_voided_by
  WHERE "id" = p_account_id;
  INSERT INTO "WalletEntry" ("accountId", "kind", "amountCents", "balanceAfterCents", "note", "createdBy")
  VALUES (p_account_id, 'VOID', -v_balance, 0, COALESCE(p_reason, ''), p_voided_by);
  RETURN v_balance;
END
$$;
