#!/bin/sh
# Entry point of compose's `seaweedfs` service (docs/decisions/015 and 028): writes the S3
# identities from the secret files, then runs a single-node SeaweedFS with its S3 gateway, as
# uid 1000, on a network of its own; the app reaches it only through the `storage` proxy, which
# passes on the S3 port and nothing else.
# Identities (rewritten at every start, so rotating a key is: change the secret file, restart):
# - admin: every action, for operators (the app never gets this key);
# - app: read, write, list and tag objects, and create its buckets, only in the site's buckets;
# - anonymous: read objects of the media buckets (never documents), for MEDIA_PUBLIC_URL (the storage proxy's
#   port is not published unless you publish it; see docs/self-hosting.md).
set -eu

: "${S3_ADMIN_ACCESS_KEY:?}" "${S3_ADMIN_SECRET_KEY_FILE:?}" "${S3_APP_ACCESS_KEY:?}" "${S3_APP_SECRET_KEY_FILE:?}"
: "${S3_APP_BUCKETS:?}" "${S3_CONFIG:=/tmp/s3.json}"

# A JSON string literal: backslashes and double quotes escaped (secrets are printable characters).
json() { printf '"%s"' "$(printf '%s' "$1" | sed 's/\\/\\\\/g; s/"/\\"/g')"; }
# "Read:360","Write:360",... for every bucket of the site but the one named first (none: ''),
# named as the app names them (S3_BUCKET_PREFIX + name, lib/buckets.ts).
actions() {
  except=$1
  shift
  list=''
  for bucket in $S3_APP_BUCKETS; do
    [ "$bucket" = "$except" ] && continue
    for action in "$@"; do list="$list${list:+,}$(json "$action:${S3_BUCKET_PREFIX:-}$bucket")"; done
  done
  printf '%s' "$list"
}

umask 077
cat >"$S3_CONFIG" <<JSON
{
  "identities": [
    {
      "name": "admin",
      "credentials": [{ "accessKey": $(json "$S3_ADMIN_ACCESS_KEY"), "secretKey": $(json "$(cat "$S3_ADMIN_SECRET_KEY_FILE")") }],
      "actions": ["Admin", "Read", "Write", "List", "Tagging"]
    },
    {
      "name": "app",
      "credentials": [{ "accessKey": $(json "$S3_APP_ACCESS_KEY"), "secretKey": $(json "$(cat "$S3_APP_SECRET_KEY_FILE")") }],
      "actions": [$(actions '' Admin Read Write List Tagging)]
    },
    {
      "name": "anonymous",
      "actions": [$(actions documents Read)]
    }
  ]
}
JSON

[ "${S3_CONFIG_ONLY:-}" = 1 ] && exit 0
exec weed server -dir=/data -ip.bind=0.0.0.0 -volume.max=0 -master.volumeSizeLimitMB=1024 \
  -s3 -s3.port=8333 -s3.config="$S3_CONFIG"
