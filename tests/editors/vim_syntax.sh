#!/bin/sh
# The Vim syntax file (editors/vim) in a real editor: a headless Neovim (Vim where there is none) detects the
# file type of a ruleset and names the highlight group at chosen places (tests/editors/syntax_probe.vim).
# Skipped (exit 77) where neither is installed: `make deps` installs neovim.
# usage: vim_syntax.sh SOURCE_DIR
src=$1
if command -v nvim >/dev/null 2>&1; then editor="nvim --headless --clean"
elif command -v vim >/dev/null 2>&1; then editor="vim -N -u NONE -i NONE -es"
else echo "neither nvim nor vim is installed"; exit 77
fi
PROBE_OUT=$(mktemp) || exit 2
export PROBE_OUT
trap 'rm -f "$PROBE_OUT" "$PROBE_OUT.file"' EXIT
# standard's text with a jokers line added, so that a card name is probed too
sed 's/^  trump S$/  trump S\n  top_trumps BJ LJ/' "$src/rulesets/standard.spades" > "$PROBE_OUT.file.spades" || exit 2
trap 'rm -f "$PROBE_OUT" "$PROBE_OUT.file.spades"' EXIT
$editor --cmd "set runtimepath^=$src/editors/vim" -c 'filetype plugin on' -c 'syntax on' \
  -c "edit $PROBE_OUT.file.spades" -c "source $src/tests/editors/syntax_probe.vim" </dev/null >/dev/null 2>&1
expected='filetype spades
syntax spades
^# standard -> spadesComment
^game -> spadesTop
"Standard Spades" -> spadesString
^players -> spadesBlock
\<seats\> -> spadesItem
hand_size \zs13 -> spadesNumber
# clockwise -> spadesComment
1\zs\.\.13 -> spadesRange
let bonus = \zsif -> spadesConditional
\<sum( -> spadesFunction
when nil \zsor -> spadesOperator
when \zsbehind -> spadesBuiltin
>= -> spadesOperatorSign
if \zsnot made -> spadesOperator
top_trumps \zsBJ -> spadesCard
points -\zsbonus -> 
"blind nil" -> spadesString
# declared before -> spadesComment'
actual=$(cat "$PROBE_OUT")
if [ "$actual" != "$expected" ]; then
  echo "highlight groups differ from the expected ones:"
  printf '%s\n' "$actual" > "$PROBE_OUT"
  printf '%s\n' "$expected" | diff - "$PROBE_OUT"
  exit 1
fi
echo "the syntax file names the expected groups ($editor)"
