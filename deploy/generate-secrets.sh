#!/bin/sh
# Writes every secret the compose files need into ./secrets (one file each), keeping any that
# already exist. Run once from the repository root before the first `docker compose up`.
#   sh deploy/generate-secrets.sh
# The directory is private to you (0700); the files inside are world-readable (0644) because the
# containers read them as their own users (postgres, node) through bind mounts.
set -eu
dir=${SECRETS_DIR:-secrets}
mkdir -p "$dir"
chmod 700 "$dir"
for name in postgres_password db_owner_password db_app_password s3_admin_secret_key s3_app_secret_key cookie_secret; do
  file="$dir/$name"
  if [ -s "$file" ]; then
    echo "kept      $file"
    continue
  fi
  # 48 random bytes, base64: 64 printable characters, some of them / and + (the app encodes them).
  head -c 48 /dev/urandom | base64 | tr -d '\n' >"$file"
  chmod 644 "$file"
  echo "generated $file"
done
# Empty, i.e. not set, until you use them: the cookie secret a rotation replaced
# (docs/self-hosting.md), a managed Postgres's CA, the metrics token, the notification webhook
# and its key, the SMTP URL, the console's OpenID Connect client secret. Fill in what you use:
# printf %s "$VALUE" > secrets/<name>
for name in cookie_secret_previous database_ca.pem metrics_token notify_webhook_url notify_webhook_secret smtp_url admin_oidc_client_secret; do
  if [ ! -e "$dir/$name" ]; then
    : >"$dir/$name"
    chmod 644 "$dir/$name"
    echo "empty     $dir/$name"
  fi
done
