-- A consent staff recorded on a phone order (decision 075): who read the wording to the customer.
ALTER TABLE "TextConsent" ADD COLUMN "recordedBy" VARCHAR(254);
