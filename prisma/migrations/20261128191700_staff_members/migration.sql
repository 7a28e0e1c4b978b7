-- Staff the owner adds on /admin/staff (decision 076): one row per Google account, its e-mail normalized (lower-case,
-- trimmed) so the unique index refuses the same person twice however it was typed.

-- CreateTable
CREATE TABLE "StaffMember" (
    "id" TEXT NOT NULL,
    "email" VARCHAR(254) NOT NULL,
    "addedBy" TEXT NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "StaffMember_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "StaffMember_email_key" ON "StaffMember"("email");

ALTER TABLE "StaffMember" ADD CONSTRAINT "StaffMember_email_normalized"
  CHECK ("email" = lower(btrim("email")) AND position('@' IN "email") > 1);
