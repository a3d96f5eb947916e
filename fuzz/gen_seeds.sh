#!/bin/sh
# Writes the fuzzers' generated inputs into DIR (default build-fuzz): a dictionary of the language's words
# read from lang/grammar.hpp (so new keywords are in it the day they are added), and variant seeds of the
# shapes that once overflowed the stack: long operator chains, deep brackets, long if/else chains, deep
# statement nesting. Each stays within the language's limits; the fuzzer mutates it past them.
set -eu
out=${1:-build-fuzz}
src=$(dirname "$0")/..
mkdir -p "$out/corpus/variant" "$out/corpus/runtime" "$out/corpus/lsp" "$out/corpus/bot" "$out/corpus/serve"

# every keyword of the grammar, plus operators and the setting values the elaboration reads
{
  grep -o 'TAO_PEGTL_KEYWORD("[a-z_]*")' "$src/lang/grammar.hpp" | sed 's/TAO_PEGTL_KEYWORD(\(".*"\))/\1/'
  for w in '{' '}' '(' ')' ';' '..' '+=' '-=' '==' '!=' '<=' '>=' '"' '#' ',' '=' \
           player team opposite none left right across partner dealer dealer_left dealer_right holder leading \
           kitty out suit beat discard lead win trump all except before after bidding players teams from \
           another_hand draw next_hand_decides with highest lowest others opponents AS 2C BJ LJ S H D C \
           bags tricks bid score behind broken trick hand first_hand this_bid bids_made bids_total raise highest_bidder stock keep of redeal misdeal; do
    printf '"%s"\n' "$w"
  done
} | sort -u > "$out/variant.dict"
cp "$out/variant.dict" "$out/lsp.dict"      # the language server target inserts its bytes into a ruleset

# the test-hands format's field names and JSON's punctuation
for w in ruleset cases name note options before score bags hands_played hands dealer deal rest bids play moves \
         tricks events trick_winners expect hand_score counters game_over winner error at contains scoring stock keep thrown_in misdeal \
         '{' '}' '[' ']' ':' ',' '"' true false null '"N: pass' '"N: ' 'blind nil' nil 'raise to'; do
  printf '"%s"\n' "$w" | sed 's/^""/"\\"/; s/^"\("\)\(.\)/"\\\1\2/'
done | sort -u > "$out/hands.dict"

rep() { i=0; while [ $i -lt "$2" ]; do printf '%s' "$1"; i=$((i + 1)); done; }
seed() { cat > "$out/corpus/variant/$1"; }
base='extends "standard"'   # the targets read a variant as if it were rulesets/fuzzed.spades
{ echo "$base"; printf 'scoring { rule long each team { points 1'; rep '+1' 99; echo ' } }'; } | seed chain_add.spades
{ echo "$base"; printf 'scoring { rule neg each team { points '; rep '- ' 98; echo '1 } }'; } | seed chain_neg.spades
{ echo "$base"; printf 'bidding { bid nil 0 "nil" { allow when '; rep 'not ' 98; echo 'false } }'; } | seed chain_not.spades
{ echo "$base"; printf 'scoring { rule deep each team { points '; rep '(' 98; printf 1; rep ')' 98; echo ' } }'; } | seed deep_parens.spades
{ echo "$base"; printf 'scoring { rule ifs each team { points '; rep 'if tricks > 1 then 1 else ' 48; echo '0 } }'; } | seed chain_if.spades
{ echo "$base"; printf 'scoring { rule nest each team {\n'; rep 'if tricks > 0 {
' 60; echo 'points 1'; rep '}
' 60; echo '} }'; } | seed deep_statements.spades
{ echo "$base"; printf 'scoring {\n'; i=0; while [ $i -lt 200 ]; do echo "  rule r$i each team { points $i }"; i=$((i + 1)); done; echo '}'; } | seed many_rules.spades

# the runtime target: a ruleset, a seed, flags, options, then choices (fuzz/fuzz_runtime.cpp reads them byte by
# byte): legal picks, looks (0xee) and moves of any shape (0xef and up), the two bytes its dictionary holds. The
# flags' high four bits start each seed 16 random decisions further into its game than the one before.
i=0
while [ $i -lt 16 ]; do head -c 200 /dev/urandom | { printf "\\$(printf %o $((i * 5)))\\001\\002\\003\\004\\$(printf %o $((i % 2 + i * 16)))\\002\\000\\001\\001\\002"; cat; } > "$out/corpus/runtime/seed$i"; i=$((i + 1)); done
printf '\042\000\000\000\007\000\000\356\000\357\000\005\000\357\001\003\000\001\002\003' > "$out/corpus/runtime/look_and_shaped"
printf '"\\xee"\n"\\xef"\n' > "$out/runtime.dict"
# the language server: a ruleset, then edits and requests (fuzz/fuzz_lsp.cpp reads them byte by byte)
printf '\000\000\002\001\003rule\001\004\005\003\012\012\002\000\000\003\000\000' > "$out/corpus/lsp/edits_and_requests"
# an outside bot's answers: a ruleset, a seed, the moves played before, then the bot's lines
i=0
while [ $i -lt 8 ]; do
  { printf "\\$(printf %o $((i * 9)))\\001\\002\\003\\004\\005\\006\\007\\010\\$(printf %o $((i * 7)))"
    printf '{"type": "hello"}\n{"move": "2C"}\n{"move": "nil"}\n{"move": "4"}\n{"move": "no"}\n'; } > "$out/corpus/bot/seed$i"
  i=$((i + 1))
done
{ for w in '{' '}' '[' ']' ':' ',' type hello move nil no pass blind look; do printf '"%s"\n' "$w"; done
  printf '"\\""\n"\\x0a"\n'; } | sort -u > "$out/bot.dict"  # a quote and a newline, escaped as libFuzzer reads them

# spades serve: a table, then steps (fuzz/fuzz_serve.cpp): joins by two seats, choices from the views, look,
# hint, undo, raw bytes; and a lobby request (high bit of the first byte). Its dictionary: the messages' words.
i=0
while [ $i -lt 7 ]; do
  { printf "\\$(printf %o $i)\\000\\000\\001\\002"; j=0; while [ $j -lt 40 ]; do printf '\004\007\005\003'; j=$((j + 1)); done
    printf '\010\014\020\001\021\000'; } > "$out/corpus/serve/table$i"
  i=$((i + 1))
done
printf '\200{"ruleset": "standard", "seats": [{"player": "person"}, {"player": "rule"}, {"player": "mc"}, {"player": "person", "name": "Ann"}]}' > "$out/corpus/serve/lobby"
printf '\100\000/api/record?token=TOKEN&format=pbn' > "$out/corpus/serve/http_record"
printf '\100\001/api/check\nextends "standard"\nend { target 100 }\n' > "$out/corpus/serve/http_check"
printf '\100\000/api/history?ruleset=standard&player=Ann' > "$out/corpus/serve/http_history"
{ for w in '{' '}' '[' ']' ':' ',' type join token move index cards look hint undo agree_undo ruleset seats player person rule mc name options text \
           /api/rulesets /api/check /api/tables /api/describe /api/record /api/history '?token=' TOKEN '&format=pbn' extends; do
    printf '"%s"\n' "$w"; done; } | sort -u > "$out/serve.dict"
