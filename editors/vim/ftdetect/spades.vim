" File-type detection for spades variant files (docs/editors.md).
autocmd BufRead,BufNewFile *.spades setfiletype spades
