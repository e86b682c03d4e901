-- Decision 034. Expand only: a nullable column and a column with a default, so the previous release
-- keeps serving against this schema during a rolling update.

-- AlterTable
ALTER TABLE "document_versions" ADD COLUMN     "html" TEXT;

-- AlterTable
ALTER TABLE "document_views" ADD COLUMN     "downloads" INTEGER NOT NULL DEFAULT 0;
