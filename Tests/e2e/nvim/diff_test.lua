-- :TatamiDiff and the "Compare layout with HEAD" lens under headless Neovim with the plugin (see
-- Tests/e2e/test_neovim.py): the buffer's unsaved edit against the committed file.
local function fail(message)
  io.stderr:write("FAIL: " .. message .. "\n")
  vim.cmd("cquit 1")
end

local function diff_buffer()
  for _, b in ipairs(vim.api.nvim_list_bufs()) do
    if vim.api.nvim_buf_get_name(b):find("tatami-diff://", 1, true) and vim.fn.bufwinnr(b) ~= -1 then
      local lines = vim.api.nvim_buf_get_lines(b, 0, -1, false)
      if #lines > 1 then return b, lines end
    end
  end
  return nil
end

local ok, err = pcall(function()
  vim.cmd("edit " .. vim.fn.fnameescape(os.getenv("TATAMI_FILE")))
  local buf = vim.api.nvim_get_current_buf()
  if not vim.wait(10000, function() return #vim.lsp.buf_get_clients(buf) > 0 end, 50) then fail("no client") end
  -- Unsaved: the red bar 40 → 60 high, so the blue one moves down by 20.
  local lines = vim.api.nvim_buf_get_lines(buf, 0, -1, false)
  for i, line in ipairs(lines) do lines[i] = line:gsub("width: 50, height: 40", "width: 50, height: 60") end
  vim.api.nvim_buf_set_lines(buf, 0, -1, false, lines)

  vim.cmd("TatamiDiff")
  local dbuf, shown
  vim.wait(10000, function() dbuf, shown = diff_buffer() return dbuf ~= nil end, 50)
  if not dbuf then fail(":TatamiDiff showed nothing") end
  local text = table.concat(shown, "\n")
  print(text)
  if not text:find("phone: 1 view moved, 1 view resized", 1, true) then fail("unexpected report:\n" .. text) end
  if not text:find("Δy +20", 1, true) then fail("no Δy +20 in:\n" .. text) end
  vim.api.nvim_buf_delete(dbuf, { force = true })

  -- The lens: the server offers it, and running it shows the same report.
  local client = vim.lsp.buf_get_clients(buf)[next(vim.lsp.buf_get_clients(buf))]
  local response = client.request_sync("textDocument/codeLens", { textDocument = { uri = vim.uri_from_bufnr(buf) } }, 10000, buf)
  local lens
  for _, l in ipairs((response and response.result) or {}) do
    if l.command and l.command.command == "tatami.diff" then lens = l end
  end
  if not lens then fail("no Compare layout lens") end
  if lens.command.title ~= "Compare layout with HEAD" then fail("lens title: " .. lens.command.title) end
  vim.lsp.commands["tatami.diff"](lens.command, { bufnr = buf, client_id = client.id })
  dbuf = nil
  vim.wait(10000, function() dbuf, shown = diff_buffer() return dbuf ~= nil end, 50)
  if not dbuf then fail("the lens showed nothing") end
  print("lens report shown (" .. #shown .. " lines)")
end)
if not ok then fail(tostring(err)) end
vim.cmd("qall!")
