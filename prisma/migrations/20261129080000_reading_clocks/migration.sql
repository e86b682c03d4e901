-- Reading time bounded per viewer and document across view tokens and instances (decision 059).
-- Expand only: a new table.

-- CreateTable
CREATE TABLE "reading_clocks" (
    "document_id" TEXT NOT NULL,
    "viewer" TEXT NOT NULL,
    "started_at" TIMESTAMPTZ(3) NOT NULL,
    "counted" INTEGER NOT NULL DEFAULT 0,
    "last_spent" INTEGER NOT NULL DEFAULT 0,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "reading_clocks_pkey" PRIMARY KEY ("document_id","viewer")
);

-- CreateIndex
CREATE INDEX "reading_clocks_updated_at_idx" ON "reading_clocks"("updated_at");
