-- Cookieless visitor analytics counted on the server (decision 065).
-- Expand only: new tables.

-- CreateTable
CREATE TABLE "analytics_views" (
    "id" BIGSERIAL NOT NULL,
    "at" TIMESTAMPTZ(3) NOT NULL,
    "day" DATE NOT NULL,
    "visitor" TEXT NOT NULL,
    "path" TEXT NOT NULL,
    "referrer" TEXT,
    "utm_source" TEXT,
    "utm_medium" TEXT,
    "utm_campaign" TEXT,
    "device" TEXT NOT NULL,
    "browser" TEXT NOT NULL,

    CONSTRAINT "analytics_views_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "analytics_goals" (
    "id" BIGSERIAL NOT NULL,
    "at" TIMESTAMPTZ(3) NOT NULL,
    "day" DATE NOT NULL,
    "visitor" TEXT NOT NULL,
    "goal" TEXT NOT NULL,

    CONSTRAINT "analytics_goals_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "analytics_salts" (
    "day" DATE NOT NULL,
    "salt" BYTEA NOT NULL,

    CONSTRAINT "analytics_salts_pkey" PRIMARY KEY ("day")
);

-- CreateTable
CREATE TABLE "analytics_rollups" (
    "day" DATE NOT NULL,
    "dimension" TEXT NOT NULL,
    "value" TEXT NOT NULL,
    "visitors" INTEGER NOT NULL,
    "views" INTEGER NOT NULL,
    "applications" INTEGER NOT NULL DEFAULT 0,
    "contacts" INTEGER NOT NULL DEFAULT 0,
    "gates" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "analytics_rollups_pkey" PRIMARY KEY ("day","dimension","value")
);

-- CreateIndex
CREATE INDEX "analytics_views_at_idx" ON "analytics_views"("at");

-- CreateIndex
CREATE INDEX "analytics_views_day_visitor_at_idx" ON "analytics_views"("day", "visitor", "at");

-- CreateIndex
CREATE INDEX "analytics_goals_at_idx" ON "analytics_goals"("at");

-- CreateIndex
CREATE INDEX "analytics_goals_day_visitor_idx" ON "analytics_goals"("day", "visitor");
