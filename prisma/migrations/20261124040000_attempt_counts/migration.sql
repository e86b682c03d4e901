-- Refused requests are tallied per client instead of one row each (decision 016).
ALTER TABLE "access_attempts" ADD COLUMN "count" INTEGER NOT NULL DEFAULT 1;

-- Retention pruning deletes attempts by age alone.
CREATE INDEX "access_attempts_created_at_idx" ON "access_attempts"("created_at");
