#!/bin/sh
# Regenerates the goldens of `spades explain` (one per ruleset) and of `spades graph` for standard, from the
# top of the repository: sh tests/explain/regenerate.sh [BUILD_DIR]. Read what changed before committing it.
set -e
build=${1:-build}
for f in rulesets/*.spades; do
  id=$(basename "$f" .spades)
  "$build/spades" explain "$f" > "tests/explain/$id.txt"
done
"$build/spades" graph rulesets/standard.spades > tests/explain/standard.dot
