-- Issue 35, points 2 and 3. Expand only: columns with defaults that keep today's behaviour (not
-- public, every code of the partner, downloadable), so the previous release serves on as before.

-- AlterTable
ALTER TABLE "documents" ADD COLUMN     "public" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "code_ids" TEXT[] DEFAULT ARRAY[]::TEXT[],
ADD COLUMN     "download" BOOLEAN NOT NULL DEFAULT true;
