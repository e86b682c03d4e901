#!/bin/sh
# Compose's `db-init` step (runs on every `docker compose up`, before `migrate` and the app), and
# the same for managed Postgres (RDS, Cloud SQL, Azure, Neon, Supabase): run it once as the admin
# user the service gives you. Two roles, neither a superuser (decision 026):
# - the owner (APP_DB_OWNER, e.g. rm5_owner) owns the database, its schema and every table: it
#   runs the migrations (`rm5 db migrate`, compose's `migrate` service, a Kubernetes Job);
# - the serving role (APP_DB_USER, e.g. rm5_app) reads and writes rows, and nothing else: no DDL,
#   with a server-side statement timeout of its own (APP_DB_STATEMENT_TIMEOUT, default 5s).
# Needs no true superuser: only CREATEROLE and CREATEDB (what managed admins have). It never
# changes role attributes such as SUPERUSER (that needs a superuser), and refuses to go on when
# either role is one.
#
# Reads: PGHOST, PGPORT, PGUSER (the admin), PGPASSWORD or POSTGRES_PASSWORD_FILE, and psql's own
# PGSSLMODE/PGSSLROOTCERT for TLS; APP_DB_NAME, APP_DB_OWNER, APP_DB_OWNER_PASSWORD_FILE,
# APP_DB_USER, APP_DB_PASSWORD_FILE, APP_DB_STATEMENT_TIMEOUT. Idempotent: creates what is
# missing, resets both passwords (rotation: change a file, run it again), and moves what an
# earlier install left to the owner (in 1.0.0 the serving role owned everything).
set -eu

if [ -n "${POSTGRES_PASSWORD_FILE:-}" ]; then
  PGPASSWORD=$(cat "$POSTGRES_PASSWORD_FILE")
  export PGPASSWORD
fi
: "${APP_DB_NAME:?set APP_DB_NAME}" "${APP_DB_USER:?set APP_DB_USER}" "${APP_DB_OWNER:?set APP_DB_OWNER}"
app_password=$(cat "${APP_DB_PASSWORD_FILE:?set APP_DB_PASSWORD_FILE}")
owner_password=$(cat "${APP_DB_OWNER_PASSWORD_FILE:?set APP_DB_OWNER_PASSWORD_FILE}")

# Values reach SQL only as psql variables (:'x' quotes a literal, :"x" an identifier), so a
# password or name with quotes, backslashes or spaces cannot break the statements.
psql -X -q -v ON_ERROR_STOP=1 -d "${PGDATABASE:-postgres}" \
  -v app_user="$APP_DB_USER" -v app_password="$app_password" -v app_db="$APP_DB_NAME" \
  -v owner="$APP_DB_OWNER" -v owner_password="$owner_password" \
  -v statement_timeout="${APP_DB_STATEMENT_TIMEOUT:-5s}" <<'SQL'
SELECT format('CREATE ROLE %I LOGIN', name)
  FROM (VALUES (:'owner'), (:'app_user')) AS wanted(name)
  WHERE NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = name) \gexec
SELECT format('DO $$BEGIN RAISE EXCEPTION %L; END$$',
    format('role %s is a superuser: give the site roles without it (docs/self-hosting.md)', rolname))
  FROM pg_roles WHERE rolname IN (:'owner', :'app_user') AND rolsuper \gexec
ALTER ROLE :"owner" WITH LOGIN PASSWORD :'owner_password';
ALTER ROLE :"app_user" WITH LOGIN PASSWORD :'app_password';
-- The admin acts for both roles (creating the database for the owner, moving an earlier
-- install's objects); a superuser is a member of every role already.
SELECT format('GRANT %I TO CURRENT_USER', name)
  FROM (VALUES (:'owner'), (:'app_user')) AS wanted(name)
  WHERE NOT (SELECT rolsuper FROM pg_roles WHERE rolname = current_user)
    AND NOT pg_has_role(current_user, name, 'MEMBER') \gexec
SELECT format('CREATE DATABASE %I OWNER %I', :'app_db', :'owner')
  WHERE NOT EXISTS (SELECT 1 FROM pg_database WHERE datname = :'app_db') \gexec
\connect :"app_db"
-- An install of 1.0.0: the serving role owned the database and everything in it.
REASSIGN OWNED BY :"app_user" TO :"owner";
ALTER DATABASE :"app_db" OWNER TO :"owner";
-- Postgres 15+ gives `public` to pg_database_owner (the owner, now); older ones to the admin.
SELECT format('ALTER SCHEMA public OWNER TO %I', :'owner')
  FROM pg_namespace WHERE nspname = 'public' AND pg_get_userbyid(nspowner) NOT IN (:'owner', 'pg_database_owner') \gexec
-- Objects an even older install created as the superuser.
SELECT format('ALTER TABLE public.%I OWNER TO %I', tablename, :'owner')
  FROM pg_tables WHERE schemaname = 'public' AND tableowner <> :'owner' \gexec
SELECT format('ALTER SEQUENCE public.%I OWNER TO %I', sequencename, :'owner')
  FROM pg_sequences WHERE schemaname = 'public' AND sequenceowner <> :'owner' \gexec
SELECT format('ALTER TYPE public.%I OWNER TO %I', t.typname, :'owner')
  FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace
  WHERE n.nspname = 'public' AND t.typtype = 'e' AND pg_get_userbyid(t.typowner) <> :'owner' \gexec
-- The serving role: rows only, in today's tables and in every table the owner creates later.
REVOKE CREATE ON SCHEMA public FROM PUBLIC;
GRANT CONNECT ON DATABASE :"app_db" TO :"app_user";
GRANT USAGE ON SCHEMA public TO :"app_user";
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO :"app_user";
GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO :"app_user";
ALTER DEFAULT PRIVILEGES FOR ROLE :"owner" IN SCHEMA public
  GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO :"app_user";
ALTER DEFAULT PRIVILEGES FOR ROLE :"owner" IN SCHEMA public GRANT USAGE, SELECT ON SEQUENCES TO :"app_user";
-- Server-side backstop for runaway statements (the pool sends no startup parameters; PgBouncer
-- would refuse them). The owner has none: a migration may take minutes.
ALTER ROLE :"app_user" IN DATABASE :"app_db" SET statement_timeout = :'statement_timeout';
SQL
echo "db-init: \"$APP_DB_OWNER\" owns database \"$APP_DB_NAME\"; \"$APP_DB_USER\" reads and writes its rows (neither a superuser)"
