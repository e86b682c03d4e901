-- Partners in the database (decision 035). Expand only: a new table, seeded with the six gates the
-- site shipped with, with exactly their names, themes and behaviour (walmart: a button, no code).

-- CreateTable
CREATE TABLE "partners" (
    "slug" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "tint" TEXT NOT NULL,
    "ink" TEXT NOT NULL DEFAULT '#0b0d10',
    "monogram" TEXT NOT NULL,
    "audience" TEXT NOT NULL,
    "logo_key" TEXT,
    "open" BOOLEAN NOT NULL DEFAULT false,
    "position" INTEGER NOT NULL DEFAULT 1000,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "removed_at" TIMESTAMPTZ(3),

    CONSTRAINT "partners_pkey" PRIMARY KEY ("slug")
);

-- The original gates, in the order the site lists them.
INSERT INTO "partners" ("slug", "name", "tint", "ink", "monogram", "audience", "open", "position") VALUES
    ('circlek', 'Circle K', '#ff6b2c', '#0b0d10', 'CK', 'Convenience retail', false, 1),
    ('pizzahut', 'Pizza Hut', '#ff4f5e', '#0b0d10', 'PH', 'Quick-service restaurants', false, 2),
    ('walmart', 'Walmart', '#5aa9ff', '#0b0d10', 'W', 'Mass retail', true, 3),
    ('compass', 'Compass', '#3fd2c7', '#0b0d10', 'C', 'Food service', false, 4),
    ('partner', 'Partners', '#c6ff3d', '#0b0d10', 'P', 'Technology and fleet partners', false, 5),
    ('investor', 'Investors', '#c7a6ff', '#0b0d10', 'I', 'Investors', false, 6)
ON CONFLICT ("slug") DO NOTHING;
