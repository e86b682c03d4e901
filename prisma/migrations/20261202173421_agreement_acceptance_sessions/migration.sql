-- Decision 031: an acceptance without a proved e-mail binds the access session that accepted.
-- Expand only: a nullable column and an index, so the previous release keeps serving during a
-- rolling update. Earlier acceptances without an e-mail keep a null session and bind no one: those
-- viewers accept again on their next document. No foreign key (prisma/schema.prisma says why).

-- AlterTable
ALTER TABLE "agreement_acceptances" ADD COLUMN     "session_id" UUID;

-- CreateIndex
CREATE INDEX "agreement_acceptances_agreement_id_session_id_idx" ON "agreement_acceptances"("agreement_id", "session_id");
