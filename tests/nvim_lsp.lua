-- A real client: Neovim's built-in LSP client (0.7: vim.lsp.start_client and buf_attach_client) runs
-- `spades lsp` on a broken variant, waits for its diagnostics, asks for a hover, and writes what it got, one
-- line each, to $SPADES_OUT (tests/nvim_lsp.sh compares it with tests/lsp/nvim.expected).
local spades, file, out = os.getenv('SPADES_BIN'), os.getenv('SPADES_FILE'), os.getenv('SPADES_OUT')
local lines = {}
vim.cmd('edit ' .. vim.fn.fnameescape(file))
local buf = vim.api.nvim_get_current_buf()
local client = vim.lsp.start_client({ name = 'spades', cmd = { spades, 'lsp' }, root_dir = vim.fn.fnamemodify(file, ':h') })
if not client then
  table.insert(lines, 'the client did not start')
else
  vim.lsp.buf_attach_client(buf, client)
  -- bounded: an answer that never comes fails the comparison instead of hanging the suite
  if not vim.wait(20000, function() return #vim.diagnostic.get(buf) > 0 end, 50) then
    table.insert(lines, 'no diagnostics within 20 s')
  end
  for _, d in ipairs(vim.diagnostic.get(buf)) do
    table.insert(lines, string.format('diagnostic %d:%d-%d:%d severity %d source %s: %s', d.lnum, d.col, d.end_lnum, d.end_col,
      d.severity, d.source, d.message))
  end
  -- `tricks` on line 8 of the file, in the rule the error is in
  local params = { textDocument = { uri = vim.uri_from_bufnr(buf) }, position = { line = 7, character = 8 } }
  local answers = vim.lsp.buf_request_sync(buf, 'textDocument/hover', params, 20000)
  if not answers then table.insert(lines, 'no hover within 20 s') end
  for _, a in pairs(answers or {}) do
    if a.err then table.insert(lines, 'hover error: ' .. vim.inspect(a.err)) end
    if a.result then
      for _, l in ipairs(vim.split(a.result.contents.value, '\n')) do table.insert(lines, 'hover: ' .. l) end
    end
  end
  vim.lsp.stop_client(client)
  vim.wait(5000, function() return vim.lsp.get_client_by_id(client) == nil end, 50)
end
vim.fn.writefile(lines, out)
vim.cmd('qall!')
