#!/bin/sh
# Neovim, headless and without any configuration, as the client of `spades lsp`: it opens tests/lsp/typo.spades,
# and the diagnostics and hover it shows (tests/nvim_lsp.lua) must be exactly tests/lsp/nvim.expected.
# usage: nvim_lsp.sh NVIM SPADES SOURCE_DIR
set -eu
nvim=$1 spades=$2 src=$3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# Neovim's state, logs and caches stay in the temporary folder
export XDG_CONFIG_HOME="$tmp/config" XDG_DATA_HOME="$tmp/data" XDG_STATE_HOME="$tmp/state" XDG_CACHE_HOME="$tmp/cache"
export SPADES_BIN="$spades" SPADES_FILE="$src/tests/lsp/typo.spades" SPADES_OUT="$tmp/got"
timeout 120 "$nvim" --headless --clean -c "luafile $src/tests/nvim_lsp.lua" </dev/null >"$tmp/nvim.log" 2>&1 || {
  echo "nvim failed:"; cat "$tmp/nvim.log"; exit 1; }
if ! diff -u "$src/tests/lsp/nvim.expected" "$tmp/got"; then
  echo "Neovim showed something else than tests/lsp/nvim.expected"
  exit 1
fi
echo "ok: Neovim shows the diagnostics and the hover"
