-- Passkeys for the console (decision 046). Expand only: a new table of single-use WebAuthn
-- challenges (the credentials are kept in admin_passkeys, from the admin console migration).

-- CreateTable
CREATE TABLE "admin_webauthn_challenges" (
    "challenge" TEXT NOT NULL,
    "purpose" TEXT NOT NULL,
    "admin_id" UUID,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "admin_webauthn_challenges_pkey" PRIMARY KEY ("challenge")
);

-- CreateIndex
CREATE INDEX "admin_webauthn_challenges_expires_at_idx" ON "admin_webauthn_challenges"("expires_at");

-- AddForeignKey
ALTER TABLE "admin_webauthn_challenges" ADD CONSTRAINT "admin_webauthn_challenges_admin_id_fkey" FOREIGN KEY ("admin_id") REFERENCES "admins"("id") ON DELETE CASCADE ON UPDATE CASCADE;
