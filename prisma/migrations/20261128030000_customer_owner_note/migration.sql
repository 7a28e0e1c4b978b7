-- The owner's private note on a customer account (decision 067): bounded, never shown to the customer, gone with the account.

-- AlterTable
ALTER TABLE "Customer" ADD COLUMN     "ownerNote" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "ownerNoteAt" TIMESTAMPTZ(3),
ADD COLUMN     "ownerNoteBy" TEXT;

ALTER TABLE "Customer" ADD CONSTRAINT "Customer_ownerNote_length" CHECK (char_length("ownerNote") <= 1000);
