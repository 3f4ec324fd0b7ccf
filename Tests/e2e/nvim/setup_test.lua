-- What the editors/nvim plugin sets up, under headless Neovim 0.7 with only the plugin on the
-- runtime path (see Tests/e2e/test_neovim.py, which makes the files and starts Neovim in
-- TATAMI_APP):
--   TATAMI_APP/lib/lib.tatami.yaml       a component library (no root marker anywhere above)
--   TATAMI_APP/screens/home.tatami.yaml  imports ../lib/lib.tatami.yaml; one unknown key
--   TATAMI_APP/screens/card.tatami.yml   the same, with the other extension
--   TATAMI_APP/screens/plain.tatami.yaml a third file, opened after the user's own settings
--   TATAMI_MARKED/tatami.config.yaml     a workspace file (one misspelt code under `rules:`);
--                                        TATAMI_MARKED/deep/x.tatami.yaml
--   TATAMI_OUTSIDE/y.tatami.yaml         outside the current directory, no marker
-- Each check that fails is reported and the script goes on; it exits 1 at the end if any did.
local failures = 0
local function fail(message)
  io.stderr:write("FAIL: " .. message .. "\n")
  failures = failures + 1
end

local app = os.getenv("TATAMI_APP")

local function codes(buf)
  local out = {}
  for _, d in ipairs(vim.diagnostic.get(buf)) do
    table.insert(out, d.code or (d.user_data and d.user_data.lsp and d.user_data.lsp.code) or "?")
  end
  table.sort(out)
  return table.concat(out, ",")
end

local function client_of(buf)
  for _, c in pairs(vim.lsp.buf_get_clients(buf)) do
    if c.name == "tatami" then return c end
  end
end

local function open(path)
  vim.cmd("edit " .. vim.fn.fnameescape(path))
  return vim.api.nvim_get_current_buf()
end

--- The root the buffer's server was started with, once it is attached (nil after 10 s).
local function root_of(buf)
  vim.wait(10000, function() return client_of(buf) ~= nil end, 50)
  local c = client_of(buf)
  return c and c.config.root_dir
end

local ok, err = pcall(function()
  if vim.fn.getcwd() ~= app then error("Neovim runs in " .. vim.fn.getcwd() .. ", not " .. app) end

  -- A file whose import leaves its folder: the root is the current directory, as for
  -- `tatami lint screens/home.tatami.yaml` run here, so the import is read.
  local home = open(app .. "/screens/home.tatami.yaml")
  local root = root_of(home)
  if root ~= app then fail("home.tatami.yaml: the server's root is " .. tostring(root) .. ", expected " .. app) end
  if not vim.wait(10000, function() return #vim.diagnostic.get(home) > 0 end, 50) then
    error("no diagnostics for home.tatami.yaml within 10 s")
  end
  -- Only the unknown key: no import-error, no unknown-component.
  if codes(home) ~= "unknown-key" then fail("home.tatami.yaml: diagnostics " .. codes(home)) end
  local client = client_of(home)
  print("root " .. tostring(root) .. "; diagnostics " .. codes(home))

  -- omnifunc and K, set for the buffer once the server is attached.
  if vim.bo[home].omnifunc ~= "v:lua.vim.lsp.omnifunc" then
    fail("omnifunc is '" .. vim.bo[home].omnifunc .. "'")
  else
    -- It asks the server (-2: the answer comes asynchronously; -1: no server serves the buffer).
    local start = vim.api.nvim_eval(vim.bo[home].omnifunc .. "(1, '')")
    if start ~= -2 then fail("the omnifunc's findstart gave " .. tostring(start)) end
  end
  local k = vim.fn.maparg("K", "n", false, true)
  if k.buffer ~= 1 or not tostring(k.rhs):find("vim.lsp.buf.hover", 1, true) then
    fail("K is not the buffer's hover: " .. vim.inspect(k))
    -- Neovim's own K (keywordprg) would run man: not pressed.
    vim.api.nvim_buf_set_keymap(home, "n", "K", "", {})
  end
  -- Pressing K on the `text` view shows its frame in a floating window.
  vim.api.nvim_win_set_cursor(0, { 5, 7 })
  vim.cmd("normal K")
  local shown
  vim.wait(10000, function()
    for _, w in ipairs(vim.api.nvim_list_wins()) do
      if vim.api.nvim_win_get_config(w).relative ~= "" then
        shown = table.concat(vim.api.nvim_buf_get_lines(vim.api.nvim_win_get_buf(w), 0, -1, false), "\n")
        return shown:find("frame", 1, true) ~= nil
      end
    end
    return false
  end, 50)
  if not shown or not shown:find("frame", 1, true) then
    fail("K showed no hover: " .. tostring(shown))
  else
    print("K: " .. shown:gsub("\n", " | "))
  end
  vim.cmd("normal! \27")

  -- *.tatami.yml is a Tatami file too, served by the same server (same root).
  local card = open(app .. "/screens/card.tatami.yml")
  if vim.bo[card].filetype ~= "tatami" then
    fail("card.tatami.yml has filetype '" .. vim.bo[card].filetype .. "'")
  else
    if not vim.wait(10000, function() return #vim.diagnostic.get(card) > 0 end, 50) then
      error("no diagnostics for card.tatami.yml within 10 s")
    end
    if codes(card) ~= "unknown-key" then fail("card.tatami.yml: diagnostics " .. codes(card)) end
    if client_of(card).id ~= client.id then fail("card.tatami.yml got another server") end
    print("card.tatami.yml: filetype tatami, diagnostics " .. codes(card))
  end

  -- The user's own K and omnifunc are kept.
  vim.api.nvim_set_keymap("n", "K", "<Cmd>echo 'mine'<CR>", { noremap = true })
  vim.cmd("autocmd FileType tatami setlocal omnifunc=syntaxcomplete#Complete")
  local plain = open(app .. "/screens/plain.tatami.yaml")
  if not vim.wait(10000, function() return client_of(plain) ~= nil and #vim.diagnostic.get(plain) > 0 end, 50) then
    fail("plain.tatami.yaml was not served")
  end
  if vim.bo[plain].omnifunc ~= "syntaxcomplete#Complete" then fail("the user's omnifunc was replaced: " .. vim.bo[plain].omnifunc) end
  local mine = vim.fn.maparg("K", "n", false, true)
  if mine.buffer ~= 0 or mine.rhs ~= "<Cmd>echo 'mine'<CR>" then fail("the user's K was replaced: " .. vim.inspect(mine)) end
  print("the user's K and omnifunc are kept")

  -- Roots: a workspace file marks one even when Neovim runs elsewhere; a file outside the
  -- current directory without any marker has its own folder.
  local marked = os.getenv("TATAMI_MARKED")
  local deep = root_of(open(marked .. "/deep/x.tatami.yaml"))
  if deep ~= marked then fail("deep/x.tatami.yaml: the server's root is " .. tostring(deep) .. ", expected " .. marked) end
  local outside = os.getenv("TATAMI_OUTSIDE")
  local y = root_of(open(outside .. "/y.tatami.yaml"))
  if y ~= outside then fail("y.tatami.yaml: the server's root is " .. tostring(y) .. ", expected " .. outside) end
  print("roots: tatami.config.yaml marks " .. tostring(deep) .. "; outside the current directory: " .. tostring(y))

  -- The workspace file itself is a Tatami buffer, served by its workspace's server, which
  -- checks it with the workspace file's keys (no "the file has no `body`").
  local config = open(marked .. "/tatami.config.yaml")
  if vim.bo[config].filetype ~= "tatami" then
    fail("tatami.config.yaml has filetype '" .. vim.bo[config].filetype .. "'")
  else
    local config_root = root_of(config)
    if config_root ~= marked then fail("tatami.config.yaml: the server's root is " .. tostring(config_root)) end
    if not vim.wait(10000, function() return #vim.diagnostic.get(config) > 0 end, 50) then
      fail("no diagnostics for tatami.config.yaml within 10 s")
    elseif codes(config) ~= "unknown-code" then
      fail("tatami.config.yaml: diagnostics " .. codes(config))
    else
      print("tatami.config.yaml: filetype tatami, diagnostics " .. codes(config))
    end
  end

  for _, c in pairs(vim.lsp.get_active_clients()) do c.stop() end
  vim.wait(3000, function() return #vim.lsp.get_active_clients() == 0 end, 50)
end)
if not ok then fail(tostring(err)) end
if failures > 0 then vim.cmd("cquit 1") end
vim.cmd("qall!")
