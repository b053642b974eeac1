#!/bin/bash
# Stand-in for the official postgres image's entrypoint: initdb on an empty PGDATA with POSTGRES_USER and
# POSTGRES_PASSWORD (password logins over the network), POSTGRES_DB created (default: the user's name).
set -e
if [ "$(id -u)" = 0 ]; then
  mkdir -p "$PGDATA"; chown -R postgres:postgres "$PGDATA"; chmod 700 "$PGDATA"
  exec setpriv --reuid=postgres --regid=postgres --init-groups "$0" "$@"
fi
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  pw=$(mktemp); printf '%s\n' "${POSTGRES_PASSWORD:?POSTGRES_PASSWORD is required}" > "$pw"
  initdb -D "$PGDATA" -U "${POSTGRES_USER:-postgres}" --pwfile="$pw" --auth-host=scram-sha-256 --auth-local=trust
  rm -f "$pw"
  echo "host all all all scram-sha-256" >> "$PGDATA/pg_hba.conf"
  db="${POSTGRES_DB:-${POSTGRES_USER:-postgres}}"
  if [ "$db" != postgres ]; then
    pg_ctl -D "$PGDATA" -o "-c listen_addresses=''" -w start
    psql -v ON_ERROR_STOP=1 -U "${POSTGRES_USER:-postgres}" -d postgres -c "CREATE DATABASE \"$db\""
    pg_ctl -D "$PGDATA" -m fast -w stop
  fi
fi
exec "$@" -c listen_addresses='*'
