-- CreateEnum
CREATE TYPE "Allergen" AS ENUM ('MILK', 'EGGS', 'FISH', 'CRUSTACEAN_SHELLFISH', 'TREE_NUTS', 'PEANUTS', 'WHEAT', 'SOYBEANS', 'SESAME');

-- CreateEnum
CREATE TYPE "DietaryLabel" AS ENUM ('VEGETARIAN', 'VEGAN', 'GLUTEN_FREE', 'DAIRY_FREE');

-- AlterTable
ALTER TABLE "MenuItem" ADD COLUMN     "allergens" "Allergen"[] DEFAULT ARRAY[]::"Allergen"[],
ADD COLUMN     "allergensListed" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "dietaryLabels" "DietaryLabel"[] DEFAULT ARRAY[]::"DietaryLabel"[],
ADD COLUMN     "mayContain" "Allergen"[] DEFAULT ARRAY[]::"Allergen"[];

-- Checks Prisma cannot express (hand-written; Prisma ignores CHECK constraints when diffing).
-- The labels a parent relies on must not contradict the allergens (docs/decisions/037-allergens.md);
-- the admin form refuses the same combinations with words, these refuse them from anywhere else.
ALTER TABLE "MenuItem"
  ADD CONSTRAINT "MenuItem_allergens_not_null" CHECK ("allergens" IS NOT NULL AND "mayContain" IS NOT NULL AND "dietaryLabels" IS NOT NULL),
  ADD CONSTRAINT "MenuItem_mayContain_not_contained" CHECK (NOT ("allergens" && "mayContain")),
  ADD CONSTRAINT "MenuItem_vegan_check" CHECK (
    NOT ('VEGAN' = ANY ("dietaryLabels")
      AND "allergens" && ARRAY['MILK', 'EGGS', 'FISH', 'CRUSTACEAN_SHELLFISH']::"Allergen"[])
  ),
  ADD CONSTRAINT "MenuItem_vegetarian_check" CHECK (
    NOT ('VEGETARIAN' = ANY ("dietaryLabels") AND "allergens" && ARRAY['FISH', 'CRUSTACEAN_SHELLFISH']::"Allergen"[])
  ),
  ADD CONSTRAINT "MenuItem_dairy_free_check" CHECK (NOT ('DAIRY_FREE' = ANY ("dietaryLabels") AND 'MILK' = ANY ("allergens"))),
  ADD CONSTRAINT "MenuItem_gluten_free_check" CHECK (
    NOT ('GLUTEN_FREE' = ANY ("dietaryLabels") AND 'WHEAT' = ANY ("allergens" || "mayContain"))
  );
