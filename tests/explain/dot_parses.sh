#!/bin/sh
# CTest graph_parses_with_dot: `spades graph` of every ruleset in DIR is read by Graphviz's `dot` without
# an error or warning. Usage: dot_parses.sh SPADES DIR. Exit 77 (a CTest skip) when `dot` is not installed.
spades=$1
dir=$2
if ! command -v dot >/dev/null 2>&1; then
  echo "dot (graphviz) is not installed: skipped (make deps installs it)"
  exit 77
fi
for f in "$dir"/*.spades; do
  graph=$("$spades" graph "$f") || { echo "$f: spades graph failed"; exit 1; }
  errors=$(printf '%s\n' "$graph" | dot -Tcanon 2>&1 >/dev/null) || { echo "$f: dot cannot read the graph: $errors"; exit 1; }
  [ -z "$errors" ] || { echo "$f: dot warns: $errors"; exit 1; }
done
echo "every graph parses"
