#!/usr/bin/env bash
# Starts (or stops) Debian's PostgreSQL cluster on 127.0.0.1:5432 with trust auth, for the test suites.
set -euo pipefail
action="${1:-start}"
version="$(ls /etc/postgresql 2>/dev/null | sort -V | tail -n 1)"
if [ -z "$version" ]; then
  echo "PostgreSQL is not installed" >&2
  exit 1
fi
case "$action" in
  start)
    conf="/etc/postgresql/$version/main/pg_hba.conf"
    sed -i -E 's/^(host|local)(\s+all\s+all\s+.*)\s(peer|scram-sha-256|md5)$/\1\2 trust/' "$conf"
    pg_ctlcluster --skip-systemctl-redirect "$version" main start
    for _ in $(seq 1 30); do pg_isready -q -h 127.0.0.1 -p 5432 && break; sleep 1; done
    psql -h 127.0.0.1 -U postgres -tc "SELECT 1 FROM pg_database WHERE datname = 'test'" | grep -q 1 \
      || psql -h 127.0.0.1 -U postgres -c "CREATE DATABASE test"
    ;;
  stop)
    pg_ctlcluster --skip-systemctl-redirect "$version" main stop || true
    ;;
esac
