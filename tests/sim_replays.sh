#!/bin/sh
# Every bot's moves are legal: seeded games of RULESET played by each bot are recorded, and `spades replay`
# checks every move and score of the record against the rules (a bot that chose an illegal card, or a
# record that lost which copy of a card went where, fails here).
# usage: sim_replays.sh SPADES RULESET
spades=$1 ruleset=$2
dir=$(mktemp -d) || exit 1
trap 'rm -rf "$dir"' EXIT
for bots in rule P1=mc random; do
  case $bots in
    *mc) extra="--games 1 --mc-budget 64" ;;
    rule) extra="--games 3" ;;
    *) extra="--games 1" ;;
  esac
  # shellcheck disable=SC2086
  if ! "$spades" sim "$ruleset" --seed 1 --bots $bots $extra --record "$dir/record.json" >/dev/null; then
    echo "sim with --bots $bots failed"
    exit 1
  fi
  if ! out=$("$spades" replay "$dir/record.json" 2>&1); then
    echo "the record of --bots $bots does not replay:"
    echo "$out" | tail -n 5
    exit 1
  fi
done
