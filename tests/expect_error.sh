#!/bin/sh
# A command that must fail in one exact way: expect_error.sh CODE TEXT COMMAND [ARG...] passes only when
# COMMAND exits with CODE and its standard error holds TEXT (a missing file or a crash fails it).
code=$1 text=$2
shift 2
err=$("$@" 2>&1 >/dev/null)
got=$?
if [ "$got" -ne "$code" ]; then
  printf 'expected exit %s, got %s\n%s\n' "$code" "$got" "$err"
  exit 1
fi
case "$err" in
  *"$text"*) exit 0 ;;
esac
printf 'expected the error to say: %s\nit said:\n%s\n' "$text" "$err"
exit 1
