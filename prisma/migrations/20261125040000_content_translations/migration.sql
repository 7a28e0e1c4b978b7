-- The owner's Spanish and Brazilian Portuguese versions of the menu, options, closure notes and the
-- Home/About texts (docs/decisions/042-languages.md). Null: the English text is shown. A translation is
-- never blank (the admin saves an empty field as null) and has the English field's length limit.

ALTER TABLE "MenuItem"
  ADD COLUMN "nameEs" TEXT,
  ADD COLUMN "namePtBr" TEXT,
  ADD COLUMN "descriptionEs" TEXT,
  ADD COLUMN "descriptionPtBr" TEXT;
ALTER TABLE "MenuItem"
  ADD CONSTRAINT "MenuItem_nameEs_check" CHECK ("nameEs" IS NULL OR (btrim("nameEs") <> '' AND length("nameEs") <= 100)),
  ADD CONSTRAINT "MenuItem_namePtBr_check" CHECK ("namePtBr" IS NULL OR (btrim("namePtBr") <> '' AND length("namePtBr") <= 100)),
  ADD CONSTRAINT "MenuItem_descriptionEs_check" CHECK ("descriptionEs" IS NULL OR (btrim("descriptionEs") <> '' AND length("descriptionEs") <= 1000)),
  ADD CONSTRAINT "MenuItem_descriptionPtBr_check" CHECK ("descriptionPtBr" IS NULL OR (btrim("descriptionPtBr") <> '' AND length("descriptionPtBr") <= 1000));

ALTER TABLE "MenuOptionGroup" ADD COLUMN "nameEs" TEXT, ADD COLUMN "namePtBr" TEXT;
ALTER TABLE "MenuOptionGroup"
  ADD CONSTRAINT "MenuOptionGroup_nameEs_check" CHECK ("nameEs" IS NULL OR length(btrim("nameEs")) BETWEEN 1 AND 60),
  ADD CONSTRAINT "MenuOptionGroup_namePtBr_check" CHECK ("namePtBr" IS NULL OR length(btrim("namePtBr")) BETWEEN 1 AND 60);

ALTER TABLE "MenuOption" ADD COLUMN "nameEs" TEXT, ADD COLUMN "namePtBr" TEXT;
ALTER TABLE "MenuOption"
  ADD CONSTRAINT "MenuOption_nameEs_check" CHECK ("nameEs" IS NULL OR length(btrim("nameEs")) BETWEEN 1 AND 60),
  ADD CONSTRAINT "MenuOption_namePtBr_check" CHECK ("namePtBr" IS NULL OR length(btrim("namePtBr")) BETWEEN 1 AND 60);

ALTER TABLE "PickupClosure" ADD COLUMN "noteEs" TEXT, ADD COLUMN "notePtBr" TEXT;
ALTER TABLE "PickupClosure"
  ADD CONSTRAINT "PickupClosure_noteEs_check" CHECK ("noteEs" IS NULL OR (btrim("noteEs") <> '' AND length("noteEs") <= 120)),
  ADD CONSTRAINT "PickupClosure_notePtBr_check" CHECK ("notePtBr" IS NULL OR (btrim("notePtBr") <> '' AND length("notePtBr") <= 120));

CREATE TABLE "SiteText" (
    "key" TEXT NOT NULL,
    "en" TEXT,
    "es" TEXT,
    "ptBr" TEXT,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    CONSTRAINT "SiteText_pkey" PRIMARY KEY ("key")
);
ALTER TABLE "SiteText"
  ADD CONSTRAINT "SiteText_key_check" CHECK ("key" IN ('description', 'story', 'mission', 'values')),
  ADD CONSTRAINT "SiteText_en_check" CHECK ("en" IS NULL OR (btrim("en") <> '' AND length("en") <= 1000)),
  ADD CONSTRAINT "SiteText_es_check" CHECK ("es" IS NULL OR (btrim("es") <> '' AND length("es") <= 1000)),
  ADD CONSTRAINT "SiteText_ptBr_check" CHECK ("ptBr" IS NULL OR (btrim("ptBr") <> '' AND length("ptBr") <= 1000));
