-- The console's read-only role is called "reader": "viewer" names a data-room person only
-- (docs/architecture.md, "Words"). Data only, no schema change. No release has shipped the
-- console, so no earlier release reads or writes the old value. The audit log keeps what it
-- recorded: its entries are history.
UPDATE "admins" SET "role" = 'reader' WHERE "role" = 'viewer';
