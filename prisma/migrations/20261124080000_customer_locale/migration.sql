-- The language a customer used (docs/decisions/042-languages.md): their mails and links follow it.
ALTER TABLE "Order" ADD COLUMN "locale" TEXT NOT NULL DEFAULT 'en';
ALTER TABLE "Order" ADD CONSTRAINT "Order_locale_check" CHECK ("locale" IN ('en', 'es', 'pt-BR'));

ALTER TABLE "CustomCakeRequest" ADD COLUMN "locale" TEXT NOT NULL DEFAULT 'en';
ALTER TABLE "CustomCakeRequest" ADD CONSTRAINT "CustomCakeRequest_locale_check" CHECK ("locale" IN ('en', 'es', 'pt-BR'));

ALTER TABLE "ContactMessage" ADD COLUMN "locale" TEXT NOT NULL DEFAULT 'en';
ALTER TABLE "ContactMessage" ADD CONSTRAINT "ContactMessage_locale_check" CHECK ("locale" IN ('en', 'es', 'pt-BR'));
