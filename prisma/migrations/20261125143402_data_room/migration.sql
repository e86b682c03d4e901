-- Data room (decision 031). Expand only: new tables, columns with defaults and a nullable column, so the
-- previous release keeps serving against this schema during a rolling update.

-- AlterTable
ALTER TABLE "access_codes" ADD COLUMN     "allow_domains" TEXT[] DEFAULT ARRAY[]::TEXT[],
ADD COLUMN     "require_email" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable: the viewer's e-mail where the code requires one (nullable: older rows have none).
ALTER TABLE "docket_views" ADD COLUMN     "email" TEXT;

-- CreateTable
CREATE TABLE "documents" (
    "id" TEXT NOT NULL,
    "retailer" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "current_version" INTEGER NOT NULL,
    "notify" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "removed_at" TIMESTAMPTZ(3),

    CONSTRAINT "documents_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "document_versions" (
    "id" BIGSERIAL NOT NULL,
    "document_id" TEXT NOT NULL,
    "version" INTEGER NOT NULL,
    "object_key" TEXT NOT NULL,
    "file_name" TEXT NOT NULL,
    "size" INTEGER NOT NULL,
    "sha256" TEXT NOT NULL,
    "pages" INTEGER,
    "words" INTEGER,
    "uploaded_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "document_versions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "agreements" (
    "id" BIGSERIAL NOT NULL,
    "retailer" TEXT NOT NULL,
    "version" INTEGER NOT NULL,
    "body" TEXT NOT NULL,
    "sha256" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "cleared_at" TIMESTAMPTZ(3),

    CONSTRAINT "agreements_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "agreement_acceptances" (
    "id" BIGSERIAL NOT NULL,
    "agreement_id" BIGINT NOT NULL,
    "code_id" UUID,
    "email" TEXT,
    "ip_hash" TEXT NOT NULL,
    "accepted_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "agreement_acceptances_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "document_views" (
    "id" BIGSERIAL NOT NULL,
    "document_id" TEXT NOT NULL,
    "version" INTEGER NOT NULL,
    "retailer" TEXT NOT NULL,
    "code_id" UUID,
    "email" TEXT,
    "page" INTEGER NOT NULL DEFAULT 0,
    "ip_hash" TEXT NOT NULL,
    "opens" INTEGER NOT NULL DEFAULT 0,
    "seconds" INTEGER NOT NULL DEFAULT 0,
    "first_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "document_views_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "email_links" (
    "id" UUID NOT NULL,
    "token_hash" TEXT NOT NULL,
    "code_id" UUID NOT NULL,
    "email" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "used_at" TIMESTAMPTZ(3),

    CONSTRAINT "email_links_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "documents_retailer_removed_at_idx" ON "documents"("retailer", "removed_at");

-- CreateIndex
CREATE UNIQUE INDEX "document_versions_document_id_version_key" ON "document_versions"("document_id", "version");

-- CreateIndex
CREATE UNIQUE INDEX "agreements_retailer_version_key" ON "agreements"("retailer", "version");

-- CreateIndex
CREATE INDEX "agreement_acceptances_agreement_id_code_id_email_idx" ON "agreement_acceptances"("agreement_id", "code_id", "email");

-- CreateIndex
CREATE INDEX "document_views_document_id_first_at_idx" ON "document_views"("document_id", "first_at");

-- CreateIndex
CREATE INDEX "document_views_retailer_first_at_idx" ON "document_views"("retailer", "first_at");

-- CreateIndex
CREATE INDEX "document_views_first_at_idx" ON "document_views"("first_at");

-- CreateIndex
CREATE UNIQUE INDEX "email_links_token_hash_key" ON "email_links"("token_hash");

-- CreateIndex
CREATE INDEX "email_links_expires_at_idx" ON "email_links"("expires_at");

-- AddForeignKey
ALTER TABLE "document_versions" ADD CONSTRAINT "document_versions_document_id_fkey" FOREIGN KEY ("document_id") REFERENCES "documents"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "agreement_acceptances" ADD CONSTRAINT "agreement_acceptances_agreement_id_fkey" FOREIGN KEY ("agreement_id") REFERENCES "agreements"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
