#!/usr/bin/env bash
# Runs a command against a throwaway PostgreSQL cluster:
#
#   scripts/with-postgres.sh <command> [args...]      e.g.  scripts/with-postgres.sh jest --maxWorkers=1
#
# Starts a fresh cluster (Debian's binaries: /usr/lib/postgresql/<n>/bin, or PG_BIN, or initdb on
# PATH) in a temporary directory on a free loopback port, exports DATABASE_URL and
# TEST_DATABASE_URL (postgres://cloudclip@127.0.0.1:<port>/cloudclip), runs the command, then stops
# the cluster and removes the directory. The command's exit status is returned.
#
# initdb refuses to run as root: when root, the cluster runs as the `postgres` user if it exists,
# else `nobody` (override with PG_RUN_AS).
#
# Without PostgreSQL binaries: prints how to install them and exits 0 — unless CI or
# WITH_POSTGRES_REQUIRED is set (pnpm cluster, which cannot do without), then 1.
set -euo pipefail

if [ "$#" -eq 0 ]; then
  echo "usage: $0 <command> [args...]" >&2
  exit 2
fi

find_bin_dir() {
  if [ -n "${PG_BIN:-}" ] && [ -x "$PG_BIN/initdb" ]; then
    echo "$PG_BIN"
    return 0
  fi
  local dir
  # newest major version first
  for dir in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -t/ -k4 -n -r); do
    if [ -x "$dir/initdb" ] && [ -x "$dir/pg_ctl" ]; then
      echo "$dir"
      return 0
    fi
  done
  if command -v initdb >/dev/null 2>&1 && command -v pg_ctl >/dev/null 2>&1; then
    dirname "$(readlink -f "$(command -v initdb)")"
    return 0
  fi
  return 1
}

if ! BIN=$(find_bin_dir); then
  echo "with-postgres: PostgreSQL server binaries (initdb, pg_ctl) not found." >&2
  echo "with-postgres: install them (Debian: apt-get install -y postgresql) or set PG_BIN=<dir with initdb>." >&2
  if [ -n "${CI:-}" ] || [ -n "${WITH_POSTGRES_REQUIRED:-}" ]; then
    echo "with-postgres: PostgreSQL is required here (CI or WITH_POSTGRES_REQUIRED is set), so this is a failure." >&2
    exit 1
  fi
  echo "with-postgres: skipping (exit 0 outside CI)." >&2
  exit 0
fi

RUN_AS=""
if [ "$(id -u)" -eq 0 ]; then
  if [ -n "${PG_RUN_AS:-}" ]; then
    RUN_AS="$PG_RUN_AS"
  elif id postgres >/dev/null 2>&1; then
    RUN_AS=postgres
  else
    RUN_AS=nobody
  fi
fi

as_pg_user() {
  if [ -z "$RUN_AS" ]; then
    "$@"
  elif command -v runuser >/dev/null 2>&1; then
    runuser -u "$RUN_AS" -- "$@"
  else
    # su needs one shell string: quote every argument
    local quoted="" arg
    for arg in "$@"; do quoted="$quoted $(printf '%q' "$arg")"; done
    su "$RUN_AS" -s /bin/sh -c "$quoted"
  fi
}

free_port() {
  node -e "const s=require('node:net').createServer();s.listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close();})"
}

WORK=$(mktemp -d -t cloudclip-pg.XXXXXX)
chmod 755 "$WORK"
[ -n "$RUN_AS" ] && chown "$RUN_AS" "$WORK"
PGDATA_DIR="$WORK/data"
LOG="$WORK/postgres.log"
STARTED=0

cleanup() {
  if [ "$STARTED" -eq 1 ]; then
    as_pg_user "$BIN/pg_ctl" -D "$PGDATA_DIR" -m immediate -w stop >/dev/null 2>&1 || true
  fi
  rm -rf "$WORK"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

as_pg_user "$BIN/initdb" -D "$PGDATA_DIR" -U cloudclip --auth=trust --no-locale -E UTF8 --no-sync >"$WORK/initdb.log" 2>&1 || {
  cat "$WORK/initdb.log" >&2
  echo "with-postgres: initdb failed" >&2
  exit 1
}

PORT=""
for _attempt in 1 2 3 4 5; do
  PORT=$(free_port)
  if as_pg_user "$BIN/pg_ctl" -D "$PGDATA_DIR" -l "$LOG" -w -t 60 \
    -o "-c listen_addresses=127.0.0.1 -p $PORT -c unix_socket_directories=$WORK -c max_connections=200 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c TimeZone=UTC" \
    start >/dev/null; then
    STARTED=1
    break
  fi
done
if [ "$STARTED" -ne 1 ]; then
  cat "$LOG" >&2 || true
  echo "with-postgres: could not start PostgreSQL" >&2
  exit 1
fi

"$BIN/createdb" -h 127.0.0.1 -p "$PORT" -U cloudclip cloudclip

export DATABASE_URL="postgres://cloudclip@127.0.0.1:$PORT/cloudclip"
export TEST_DATABASE_URL="$DATABASE_URL"
echo "with-postgres: PostgreSQL $("$BIN/pg_ctl" --version | awk '{print $3}') on 127.0.0.1:$PORT ($WORK)" >&2

set +e
"$@"
STATUS=$?
set -e
exit "$STATUS"
