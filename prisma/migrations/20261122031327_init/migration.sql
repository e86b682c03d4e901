-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "public";

-- CreateTable
CREATE TABLE "retailer_applications" (
    "id" UUID NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "idempotency_key" TEXT,
    "company_name" TEXT NOT NULL,
    "business_type" TEXT NOT NULL,
    "number_of_locations" INTEGER NOT NULL,
    "contact_name" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "phone" TEXT NOT NULL,
    "average_order_value" DECIMAL(12,2),
    "monthly_order_volume" INTEGER,
    "current_delivery_method" TEXT,
    "additional_info" TEXT,

    CONSTRAINT "retailer_applications_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "contact_messages" (
    "id" UUID NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "idempotency_key" TEXT,
    "name" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "company" TEXT,
    "message" TEXT NOT NULL,

    CONSTRAINT "contact_messages_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "access_codes" (
    "id" UUID NOT NULL,
    "retailer" TEXT NOT NULL,
    "code_hash" TEXT NOT NULL,
    "label" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMPTZ(3),
    "revoked_at" TIMESTAMPTZ(3),
    "last_used_at" TIMESTAMPTZ(3),
    "use_count" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "access_codes_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "access_attempts" (
    "id" BIGSERIAL NOT NULL,
    "retailer" TEXT NOT NULL,
    "ip_hash" TEXT NOT NULL,
    "outcome" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "access_attempts_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "retailer_applications_idempotency_key_key" ON "retailer_applications"("idempotency_key");

-- CreateIndex
CREATE INDEX "retailer_applications_created_at_idx" ON "retailer_applications"("created_at");

-- CreateIndex
CREATE UNIQUE INDEX "contact_messages_idempotency_key_key" ON "contact_messages"("idempotency_key");

-- CreateIndex
CREATE INDEX "contact_messages_created_at_idx" ON "contact_messages"("created_at");

-- CreateIndex
CREATE INDEX "access_codes_retailer_idx" ON "access_codes"("retailer");

-- CreateIndex
CREATE INDEX "access_attempts_retailer_created_at_idx" ON "access_attempts"("retailer", "created_at");
