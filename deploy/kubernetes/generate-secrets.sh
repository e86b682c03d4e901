#!/bin/sh
# Writes the secret files kustomization.yaml's secretGenerator reads into deploy/kubernetes/secrets
# (git-ignored), keeping any that exist: a random cookie_secret, and an empty file for every other
# secret, for you to fill in (an empty file is "not set": leave the ones you do not use empty).
#   sh deploy/kubernetes/generate-secrets.sh
set -eu
dir=${SECRETS_DIR:-$(dirname "$0")/secrets}
mkdir -p "$dir"
chmod 700 "$dir"
umask 077
for name in cookie_secret cookie_secret_previous database_url database_password \
  database_owner_password s3_access_key s3_secret_key redis_url notify_webhook_url \
  notify_webhook_secret smtp_url metrics_token admin_oidc_client_secret database_ca.pem; do
  file="$dir/$name"
  if [ -e "$file" ]; then
    echo "kept      $file"
  elif [ "$name" = cookie_secret ]; then
    head -c 48 /dev/urandom | base64 | tr -d '\n' >"$file"
    echo "generated $file"
  else
    : >"$file"
    echo "empty     $file (fill it in, or leave it empty if unused)"
  fi
done
