#!/bin/sh
# Compose's `db-init` step (runs on every `docker compose up`, before the app): gives the app its
# own Postgres role, owner of its database and of everything in it, but not a superuser. Run again
# after changing a secret file to rotate the role's password (docs/self-hosting.md).
#
# Reads: PGHOST, PGUSER (a superuser), POSTGRES_PASSWORD_FILE, APP_DB_NAME, APP_DB_USER,
# APP_DB_PASSWORD_FILE. Idempotent: creates what is missing, resets the password, and moves
# tables, sequences and types a previous install created as the superuser to the app's role.
set -eu

PGPASSWORD=$(cat "$POSTGRES_PASSWORD_FILE")
export PGPASSWORD
app_password=$(cat "$APP_DB_PASSWORD_FILE")
: "${APP_DB_NAME:?set APP_DB_NAME}" "${APP_DB_USER:?set APP_DB_USER}"

# Values reach SQL only as psql variables (:'x' quotes a literal, :"x" an identifier), so a
# password or name with quotes, backslashes or spaces cannot break the statements.
psql -X -q -v ON_ERROR_STOP=1 -d postgres \
  -v app_user="$APP_DB_USER" -v app_password="$app_password" -v app_db="$APP_DB_NAME" <<'SQL'
SELECT format('CREATE ROLE %I LOGIN', :'app_user')
  WHERE NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = :'app_user') \gexec
ALTER ROLE :"app_user" WITH LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS
  PASSWORD :'app_password';
SELECT format('CREATE DATABASE %I OWNER %I', :'app_db', :'app_user')
  WHERE NOT EXISTS (SELECT 1 FROM pg_database WHERE datname = :'app_db') \gexec
ALTER DATABASE :"app_db" OWNER TO :"app_user";
\connect :"app_db"
ALTER SCHEMA public OWNER TO :"app_user";
SELECT format('ALTER TABLE public.%I OWNER TO %I', tablename, :'app_user')
  FROM pg_tables WHERE schemaname = 'public' AND tableowner <> :'app_user' \gexec
SELECT format('ALTER SEQUENCE public.%I OWNER TO %I', sequencename, :'app_user')
  FROM pg_sequences WHERE schemaname = 'public' AND sequenceowner <> :'app_user' \gexec
SELECT format('ALTER TYPE public.%I OWNER TO %I', t.typname, :'app_user')
  FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace
  WHERE n.nspname = 'public' AND t.typtype = 'e' AND pg_get_userbyid(t.typowner) <> :'app_user' \gexec
SQL
echo "db-init: role \"$APP_DB_USER\" owns database \"$APP_DB_NAME\" (not a superuser)"
