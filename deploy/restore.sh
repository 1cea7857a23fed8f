#!/bin/sh
# deploy/restore.sh DUMP DATABASE_URL — restore a backup (deploy/backup.sh) into a NEW database,
# bring it to this code's schema and rebuild the league's derived data. Stop the services first;
# afterwards point DATABASE_URL in /etc/companion/companion.env at the new database and start them
# (docs/deploy-single-host.md, "Restore"). The database must not exist yet: nothing is overwritten.
set -eu
DUMP="${1:?usage: deploy/restore.sh DUMP DATABASE_URL}"
TARGET="${2:?usage: deploy/restore.sh DUMP DATABASE_URL}"
APP="$(cd "$(dirname "$0")/.." && pwd)"
NAME="${TARGET##*/}"
case "$NAME" in *[!A-Za-z0-9_]*|"") echo "database name must be letters, digits, _: $NAME" >&2; exit 2;; esac
cd "$APP"

psql "${TARGET%/*}/postgres" -v ON_ERROR_STOP=1 -q -c "CREATE DATABASE \"$NAME\""
pg_restore --no-owner --exit-on-error --dbname="$TARGET" "$DUMP"
DATABASE_URL="$TARGET" .venv/bin/python manage.py migrate --noinput
DATABASE_URL="$TARGET" .venv/bin/python manage.py league_rebuild
echo "restored $DUMP into $NAME"
