#!/bin/sh
# deploy/backup.sh — one backup: pg_dump (everything) and the record export (the truth, portable),
# checked replayable, older ones pruned. Run nightly by deploy/systemd/companion-backup.timer, or by
# hand with the environment loaded (set -a; . /etc/companion/companion.env; set +a).
#
#   COMPANION_BACKUP_DIR        where (default /var/backups/companion)
#   COMPANION_BACKUP_KEEP_DAYS  how long a backup is kept (default 14)
set -eu
: "${DATABASE_URL:?DATABASE_URL is not set (load /etc/companion/companion.env)}"
BACKUP_DIR="${COMPANION_BACKUP_DIR:-/var/backups/companion}"
KEEP_DAYS="${COMPANION_BACKUP_KEEP_DAYS:-14}"
APP="$(cd "$(dirname "$0")/.." && pwd)"
STAMP="$(date -u +%Y-%m-%dT%H%M%SZ)"
mkdir -p "$BACKUP_DIR"
cd "$APP"

# Written beside, then renamed: a half-written dump never looks like a backup.
pg_dump --format=custom --file="$BACKUP_DIR/companion-$STAMP.dump.partial" "$DATABASE_URL"
mv "$BACKUP_DIR/companion-$STAMP.dump.partial" "$BACKUP_DIR/companion-$STAMP.dump"
.venv/bin/python manage.py records_export "$BACKUP_DIR/records-$STAMP"
# Every exported record replays (exit 1 or 2 otherwise: the timer's unit fails, and you hear of it).
.venv/bin/python -m scoring check "$BACKUP_DIR/records-$STAMP" >/dev/null

find "$BACKUP_DIR" -maxdepth 1 -mtime +"$KEEP_DAYS" \
    \( -name 'companion-*.dump' -o -name 'records-*' \) -exec rm -rf {} +
echo "backup $STAMP in $BACKUP_DIR"
