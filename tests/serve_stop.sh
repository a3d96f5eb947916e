#!/bin/sh
# spades serve stops on Ctrl-C (SIGINT) and on SIGTERM alike: it says so on standard error and exits 0.
# usage: serve_stop.sh SPADES
set -u
spades=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for sig in INT TERM; do
  mkfifo "$work/out"
  "$spades" serve --port 0 --state "$work/state" > "$work/out" 2> "$work/err" &
  pid=$!
  # the first line says where it listens: it is serving
  read -r first < "$work/out"
  case "$first" in
    "spades serve: http://127.0.0.1:"*"/ (0 tables resumed)") ;;
    *) echo "SIG$sig: unexpected first line: $first"; kill -9 "$pid"; exit 1 ;;
  esac
  kill -s "$sig" "$pid"
  wait "$pid"
  code=$?
  rm -f "$work/out"
  if [ "$code" -ne 0 ]; then echo "SIG$sig: exit code $code, expected 0"; exit 1; fi
  if [ "$(cat "$work/err")" != "spades serve: stopped" ]; then echo "SIG$sig: standard error: $(cat "$work/err")"; exit 1; fi
  echo "ok   SIG$sig: stopped, exit 0"
done
