-- What a gift card and store credit pay of a cake payment (decision 087): the card is charged the rest.
ALTER TABLE "CakePayment" ADD COLUMN "walletCents" INTEGER NOT NULL DEFAULT 0;

ALTER TABLE "CakePayment" ADD CONSTRAINT "CakePayment_walletCents_check"
  CHECK ("walletCents" >= 0 AND "walletCents" <= "amountCents");
