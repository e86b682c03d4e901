-- Decision 045. Expand only: a new table and a column with a default, so the previous release
-- keeps serving against this schema during a rolling update.

-- AlterTable
ALTER TABLE "access_codes" ADD COLUMN     "denied_emails" TEXT[] DEFAULT ARRAY[]::TEXT[];

-- CreateTable
CREATE TABLE "access_sessions" (
    "id" UUID NOT NULL,
    "retailer" TEXT NOT NULL,
    "code_id" UUID,
    "email" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "ended_at" TIMESTAMPTZ(3),
    "ended_by" TEXT,

    CONSTRAINT "access_sessions_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "access_sessions_email_idx" ON "access_sessions"("email");

-- CreateIndex
CREATE INDEX "access_sessions_expires_at_idx" ON "access_sessions"("expires_at");
