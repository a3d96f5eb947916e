" Names the highlight group at chosen places of the file being edited, one line each, into $PROBE_OUT:
" the file type and syntax first, then `PATTERN -> GROUP` for the first match of each pattern.
let s:probes = [
      \ '^# standard', '^game', '"Standard Spades"', '^players', '\<seats\>', 'hand_size \zs13', '# clockwise',
      \ '1\zs\.\.13', 'let bonus = \zsif', '\<sum(', 'when nil \zsor', 'when \zsbehind', '>=', 'if \zsnot made',
      \ 'top_trumps \zsBJ', 'points -\zsbonus', '"blind nil"', '# declared before' ]
let s:out = ['filetype ' . &filetype, 'syntax ' . get(b:, 'current_syntax', '')]
for s:p in s:probes
  call cursor(1, 1)
  let [s:l, s:c] = searchpos(s:p, 'cW')
  call add(s:out, s:p . ' -> ' . (s:l ? synIDattr(synID(s:l, s:c, 1), 'name') : 'not found'))
endfor
call writefile(s:out, $PROBE_OUT)
qa!
