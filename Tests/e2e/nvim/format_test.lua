-- Formatting through the editors/nvim plugin under headless Neovim 0.7, with only the plugin on
-- the runtime path (see Tests/e2e/test_neovim.py, which copies the files into a temporary
-- directory and starts Neovim there):
--   TATAMI_MANUAL    an unformatted file: written as it is (format on save is off by default),
--                    then formatted by vim.lsp.buf.formatting_sync()
--   TATAMI_ON_SAVE   the same unformatted text: with format_on_save = true, :write formats it
--   TATAMI_BROKEN    a file with a YAML syntax error: with format_on_save, :write keeps it as it is
--   TATAMI_EXPECTED  the canonical text (the example the unformatted file is the twin of)
-- Each check that fails is reported and the script goes on; it exits 1 at the end if any did.
local failures = 0
local function fail(message)
  io.stderr:write("FAIL: " .. message .. "\n")
  failures = failures + 1
end

local function read(path) return table.concat(vim.fn.readfile(path, "b"), "\n") end
local function buffer_text(buf) return table.concat(vim.api.nvim_buf_get_lines(buf, 0, -1, false), "\n") .. "\n" end

local function client_of(buf)
  for _, c in pairs(vim.lsp.buf_get_clients(buf)) do
    if c.name == "tatami" then return c end
  end
end

--- Opens a file and waits until the Tatami server is attached and initialized.
local function open(path)
  vim.cmd("edit " .. vim.fn.fnameescape(path))
  local buf = vim.api.nvim_get_current_buf()
  if not vim.wait(10000, function()
    local c = client_of(buf)
    return c ~= nil and c.initialized ~= false and c.server_capabilities ~= nil
  end, 50) then
    error("the server did not attach to " .. path)
  end
  -- on_attach (which sets up format on save) runs once the server answered initialize.
  vim.wait(10000, function() return vim.bo[buf].omnifunc ~= "" end, 50)
  return buf
end

local expected = read(os.getenv("TATAMI_EXPECTED"))

local ok, err = pcall(function()
  -- 1. Off by default: writing keeps the text.
  local manual_path = os.getenv("TATAMI_MANUAL")
  local original = read(manual_path)
  if original == expected then error("the unformatted file is already formatted") end
  local manual = open(manual_path)
  vim.cmd("write")
  if read(manual_path) ~= original then fail("format on save is on by default: the file changed on :write") end
  if buffer_text(manual) ~= original then fail("the buffer changed on :write") end
  print("format on save is off by default")

  -- 2. vim.lsp.buf.formatting_sync(): the buffer becomes the canonical text.
  vim.lsp.buf.formatting_sync(nil, 5000)
  if buffer_text(manual) ~= expected then
    fail("formatting_sync gave:\n" .. buffer_text(manual) .. "\nexpected:\n" .. expected)
  else
    print("formatting_sync: the buffer is the canonical text")
  end

  -- 3. format_on_save = true: :write formats, then writes.
  vim.g.tatami = vim.tbl_extend("force", vim.g.tatami or {}, { format_on_save = true })
  local on_save_path = os.getenv("TATAMI_ON_SAVE")
  local on_save = open(on_save_path)
  if buffer_text(on_save) == expected then fail("the second unformatted file is already formatted") end
  vim.cmd("write")
  if read(on_save_path) ~= expected then
    fail("with format_on_save, the file written is:\n" .. read(on_save_path))
  else
    print("format_on_save: the file written is the canonical text")
  end

  -- 4. A syntax error: no edits, the file is written as it is.
  local broken_path = os.getenv("TATAMI_BROKEN")
  local broken_text = read(broken_path)
  local broken = open(broken_path)
  vim.api.nvim_buf_set_lines(broken, 0, 0, false, { "# edited" })
  vim.cmd("write")
  if read(broken_path) ~= "# edited\n" .. broken_text then
    fail("a file with a syntax error was changed on save:\n" .. read(broken_path))
  else
    print("a file with a syntax error is written as it is")
  end

  for _, c in pairs(vim.lsp.get_active_clients()) do c.stop() end
  vim.wait(3000, function() return #vim.lsp.get_active_clients() == 0 end, 50)
end)
if not ok then fail(tostring(err)) end
if failures > 0 then vim.cmd("cquit 1") end
vim.cmd("qall!")
