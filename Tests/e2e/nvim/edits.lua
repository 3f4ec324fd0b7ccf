-- Headless Neovim (0.7+) applies completions and code actions of `tatami lsp` as a user does:
-- `A`, <C-x><C-o> (vim.lsp.omnifunc, which calls complete() when the answer arrives), <C-n> until
-- the wanted item is selected, <C-y>, <Esc>; and vim.lsp.buf.code_action() with the choice made
-- in vim.ui.select. Each case's resulting buffer is written to TATAMI_RESULTS (JSON) for
-- Tests/e2e/test_neovim.py to check. Neovim declares neither snippets nor insertTextMode.
-- Each case has a buffer of its own (`case<N>.tatami.yaml` in TATAMI_DIR), opened with its text.
-- Environment: TATAMI_BIN, TATAMI_DIR, TATAMI_CASES (JSON: a list of
-- {name, lines, line (1-based), left (keys <Left> after A), label} or {name, lines, line, col,
-- diagnostic (part of its message, awaited first), action (its title)}), TATAMI_RESULTS. Exits with `cquit 1` when a step cannot be done.

local function fail(message)
  io.stderr:write("FAIL: " .. message .. "\n")
  vim.cmd("cquit 1")
end

local binary, dir = os.getenv("TATAMI_BIN"), os.getenv("TATAMI_DIR")
local cases = vim.fn.json_decode(table.concat(vim.fn.readfile(os.getenv("TATAMI_CASES")), "\n"))
local results_path = os.getenv("TATAMI_RESULTS")
local results = {}
local keys = function(k) vim.api.nvim_feedkeys(vim.api.nvim_replace_termcodes(k, true, false, true), "n", false) end

-- What many users set for LSP completion: a menu even for one match, nothing selected at first.
vim.o.completeopt = "menuone,noselect"
vim.o.showmode = false
vim.opt.shortmess:append("c")
local client_id = vim.lsp.start_client({ name = "tatami", cmd = { binary, "lsp" }, root_dir = dir })
if not client_id then fail("the server did not start") end
local buf

-- Calls `check` every 20 ms until it returns true, then `done`; after 10 s `timeout` (by
-- default: fail).
local function poll(what, check, done, timeout)
  local deadline = vim.loop.now() + 10000
  local function step()
    if check() then return done() end
    if vim.loop.now() > deadline then
      if timeout then return timeout() end
      return fail("timed out waiting for " .. what)
    end
    vim.defer_fn(step, 20)
  end
  vim.defer_fn(step, 20)
end

local run

-- The case's buffer, or what went wrong (the Python side reports it with the other cases).
local function record(case, problem)
  table.insert(results, { name = case.name, lines = vim.api.nvim_buf_get_lines(buf, 0, -1, false), problem = problem })
end

-- Leaves insert mode, records `problem` and goes on with the next case.
local function give_up(i, case, problem)
  keys("<C-e><Esc>")
  poll("normal mode", function() return vim.fn.mode() == "n" end, function()
    record(case, problem)
    run(i + 1)
  end)
end

local function complete(i, case)
  vim.api.nvim_win_set_cursor(0, { case.line, 0 })
  keys("A" .. string.rep("<Left>", case.left or 0) .. "<C-x><C-o>")
  poll("the completion menu of " .. case.name, function() return vim.fn.pumvisible() == 1 end, function()
    local items = vim.fn.complete_info({ "items" }).items
    local index
    local shown = {}
    for k, item in ipairs(items) do
      table.insert(shown, item.abbr)
      if item.abbr == case.label and not index then index = k end
    end
    if not index then return give_up(i, case, "no item " .. case.label .. " in: " .. table.concat(shown, " ")) end
    keys(string.rep("<C-n>", index) .. "<C-y><Esc>")
    poll("normal mode after " .. case.name, function() return vim.fn.mode() == "n" end, function()
      record(case)
      run(i + 1)
    end)
  end, function() give_up(i, case, "no completion menu") end)
end

local function code_action(i, case)
  local diagnosed = function()
    for _, d in ipairs(vim.diagnostic.get(buf, { lnum = case.line - 1 })) do
      if d.message:find(case.diagnostic, 1, true) then return true end
    end
    return false
  end
  local function none()
    local seen = {}
    for _, d in ipairs(vim.diagnostic.get(buf)) do table.insert(seen, (d.lnum + 1) .. ": " .. d.message) end
    give_up(i, case, "no diagnostic with '" .. case.diagnostic .. "' on line " .. case.line .. " (mode " .. vim.fn.mode()
      .. ", server " .. (vim.lsp.get_client_by_id(client_id) and "running" or "gone") .. "); diagnostics: " .. table.concat(seen, "; "))
  end
  poll("diagnostics of " .. case.name, diagnosed, function()
    vim.api.nvim_win_set_cursor(0, { case.line, case.col })
    local original = vim.ui.select
    local chosen = false
    vim.ui.select = function(items, opts, on_choice)
      vim.ui.select = original
      local titles = {}
      for k, item in ipairs(items) do
        local title = opts.format_item and opts.format_item(item) or tostring(item)
        table.insert(titles, title)
        if title == case.action then
          chosen = true
          return on_choice(item, k)
        end
      end
      fail(case.name .. ": no action '" .. case.action .. "' in: " .. table.concat(titles, " | "))
    end
    vim.lsp.buf.code_action()
    local before = vim.api.nvim_buf_get_changedtick(buf)
    poll("the edit of " .. case.name, function() return chosen and vim.api.nvim_buf_get_changedtick(buf) ~= before end, function()
      record(case)
      run(i + 1)
    end, function() give_up(i, case, "the action was not applied") end)
  end, none)
end

run = function(i)
  if i > #cases then
    vim.fn.writefile({ vim.fn.json_encode(results) }, results_path)
    vim.lsp.stop_client(client_id)
    vim.cmd("qall!")
    return
  end
  local case = cases[i]
  vim.cmd("edit " .. vim.fn.fnameescape(dir .. "/case" .. i .. ".tatami.yaml"))
  buf = vim.api.nvim_get_current_buf()
  vim.bo[buf].omnifunc = "v:lua.vim.lsp.omnifunc"
  vim.bo[buf].expandtab = true
  vim.api.nvim_buf_set_lines(buf, 0, -1, false, case.lines)
  vim.lsp.buf_attach_client(buf, client_id)
  if case.label then complete(i, case) else code_action(i, case) end
end

poll("the server to start", function()
  local c = vim.lsp.get_client_by_id(client_id)
  return c ~= nil and c.initialized
end, function() run(1) end)
