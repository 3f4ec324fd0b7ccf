-- Headless Neovim (0.7+) as a real LSP client of `tatami lsp`: open a file with a mistake,
-- wait for its diagnostics, then hover over a view and check that its frame is shown.
-- Run by Tests/e2e/test_neovim.py:  nvim --headless -u NONE -c 'luafile lsp_client.lua'
-- with TATAMI_BIN and TATAMI_FILE in the environment. Exits with `cquit 1` on failure.

local function fail(message)
  io.stderr:write("FAIL: " .. message .. "\n")
  vim.cmd("cquit 1")
end

local binary = os.getenv("TATAMI_BIN")
local file = os.getenv("TATAMI_FILE")
if not binary or not file then fail("TATAMI_BIN and TATAMI_FILE must be set") end

local ok, err = pcall(function()
  vim.cmd("edit " .. vim.fn.fnameescape(file))
  local buf = vim.api.nvim_get_current_buf()
  local client_id = vim.lsp.start_client({
    name = "tatami",
    cmd = { binary, "lsp" },
    root_dir = vim.fn.fnamemodify(file, ":h"),
  })
  if not client_id then fail("the server did not start") end
  vim.lsp.buf_attach_client(buf, client_id)

  -- Diagnostics arrive after didOpen.
  local got = vim.wait(10000, function() return #vim.diagnostic.get(buf) > 0 end, 50)
  if not got then fail("no diagnostics within 10 s") end
  local d = vim.diagnostic.get(buf)[1]
  local code = d.code or (d.user_data and d.user_data.lsp and d.user_data.lsp.code)
  if code ~= "unknown-key" then fail("expected unknown-key, got " .. tostring(code)) end
  if d.lnum ~= 3 or d.col ~= 4 then fail(string.format("diagnostic at %d:%d, expected 3:4", d.lnum, d.col)) end
  print(string.format("diagnostic %s at %d:%d: %s", code, d.lnum, d.col, d.message))

  -- Hover over the `text` kind key on line 4 (0-based): the view's frame per viewport.
  local results = vim.lsp.buf_request_sync(buf, "textDocument/hover", {
    textDocument = { uri = vim.uri_from_bufnr(buf) },
    position = { line = 4, character = 6 },
  }, 10000)
  if not results then fail("no hover answer") end
  local text
  for _, r in pairs(results) do
    if r.error then fail("hover error: " .. vim.inspect(r.error)) end
    if r.result and r.result.contents then
      local c = r.result.contents
      text = type(c) == "string" and c or c.value
    end
  end
  if not text then fail("hover returned nothing") end
  if not text:find("phone", 1, true) then fail("hover does not name the viewport: " .. text) end
  if not text:find("100", 1, true) then fail("hover does not show the frame: " .. text) end
  print("hover: " .. text:gsub("\n", " | "))

  vim.lsp.stop_client(client_id)
  vim.wait(2000, function() return vim.lsp.get_client_by_id(client_id) == nil end, 50)
end)
if not ok then fail(tostring(err)) end
vim.cmd("qall!")
