-- Failed form posts without JavaScript, kept an hour for the page their 303 leads to (decision 069).
-- Expand only: a new table.

-- CreateTable
CREATE TABLE "form_returns" (
    "id" TEXT NOT NULL,
    "path" TEXT NOT NULL,
    "state" JSONB NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "form_returns_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "form_returns_expires_at_idx" ON "form_returns"("expires_at");
