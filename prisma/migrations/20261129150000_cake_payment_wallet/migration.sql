-- What a gift card and store credit pay of a cake payment (decision 087): the card is charged the rest.
ALTER TABLE "CakePayment" ADD COLUMN "walletCents" INTEGER NOT NULL DEFAULT 0;

ALTER TABLE "CakePayment" ADD CONSTRAINT "CakePayment_walletCents_check"
  CHECK ("walletCents" >= 0 AND "walletCents" <= "amountCents");

-- A paid online payment has its provider's session, unless the wallet paid all of it (then there is none).
ALTER TABLE "CakePayment" DROP CONSTRAINT "CakePayment_online_session";
ALTER TABLE "CakePayment" ADD CONSTRAINT "CakePayment_online_session"
  CHECK ("method" = 'IN_SHOP' OR "status" <> 'PAID' OR "providerSessionId" IS NOT NULL OR "walletCents" = "amountCents");
