-- The Tatami plugin: one `tatami lsp` client per workspace root, and a preview split.
local M = {}
local diff_lines  -- defined below: shows a layout diff's report

local defaults = {
  -- The server command; `tatami` must be on PATH unless this names it.
  cmd = { "tatami", "lsp" },
  -- The viewport :TatamiPreview and inlay hints use when none is named (nil: the file's first).
  default_viewport = nil,
  -- Files that mark a workspace root (imports must stay inside it), tried in this order: the
  -- nearest directory upwards holding the first one found is the root. Without any, the root is
  -- the current directory (as for `tatami lint FILE`), or the file's directory when the file is
  -- outside it. These are the markers `tatami lint` and the server itself use
  -- (docs/workspace.md), so a file gets the same diagnostics here as on the command line.
  root_markers = { "tatami.config.yaml", ".git" },
  -- Called as on_attach(client, bufnr) after the plugin's own set-up of the buffer.
  on_attach = nil,
  -- Format the buffer with the server (`tatami format`'s canonical shape) before each write.
  -- Off unless set: read when the server attaches to a buffer.
  format_on_save = false,
  -- How long a write waits for the formatting, in milliseconds.
  format_timeout_ms = 2000,
}

M.config = vim.deepcopy(defaults)
local clients = {}      -- root directory → client id
local previews = {}     -- source buffer → preview buffer

function M.setup(opts)
  M.config = vim.tbl_deep_extend("force", vim.deepcopy(defaults), opts or {})
end

local function settings()
  local g = vim.g.tatami or {}
  local cfg = vim.tbl_deep_extend("force", M.config, g)
  if type(cfg.cmd) == "string" then cfg.cmd = { cfg.cmd, "lsp" } end
  return cfg
end

--- Whether `path` is `dir` or inside it (both absolute, without a trailing slash).
local function inside(path, dir)
  return path == dir or dir == "/" or path:sub(1, #dir + 1) == dir .. "/"
end

--- The workspace root of a buffer: see `root_markers` above.
function M.root_of(buf)
  local dir = vim.fn.fnamemodify(vim.api.nvim_buf_get_name(buf), ":p:h")
  for _, marker in ipairs(settings().root_markers) do
    -- The nearest marker upwards: its directory is the root.
    local hit = vim.fn.finddir(marker, dir .. ";")
    if hit ~= "" then return vim.fn.fnamemodify(hit, ":p:h:h") end
    hit = vim.fn.findfile(marker, dir .. ";")
    if hit ~= "" then return vim.fn.fnamemodify(hit, ":p:h") end
  end
  -- No marker: the current directory, as the command line's default `--root`.
  local cwd = vim.fn.fnamemodify(vim.fn.getcwd(), ":p"):gsub("(.)/$", "%1")
  if inside(dir, cwd) then return cwd end
  return dir
end

--- Formats the buffer with its Tatami server, synchronously (a write waits for it): the server
--- answers with the few lines that change, or nothing when the text has a syntax error.
function M.format(buf, timeout_ms)
  buf = buf or vim.api.nvim_get_current_buf()
  timeout_ms = timeout_ms or settings().format_timeout_ms
  if vim.lsp.buf.format then  -- Neovim 0.8 and later
    vim.lsp.buf.format({ bufnr = buf, timeout_ms = timeout_ms, filter = function(c) return c.name == "tatami" end })
  else                        -- Neovim 0.7: every attached server that formats (only Tatami's here)
    vim.api.nvim_buf_call(buf, function() vim.lsp.buf.formatting_sync(nil, timeout_ms) end)
  end
end

--- Neovim 0.7 sets neither `omnifunc` nor `K` for a language server: the plugin does, for the
--- buffer, unless the user has set them. With `format_on_save`, a write formats the buffer first.
local function set_up_buffer(buf)
  if settings().format_on_save then
    vim.api.nvim_create_autocmd("BufWritePre", {
      group = vim.api.nvim_create_augroup("tatami_format_" .. buf, { clear = true }),
      buffer = buf,
      desc = "Tatami: format before writing",
      callback = function() M.format(buf) end,
    })
  end
  if vim.bo[buf].omnifunc == "" then
    vim.bo[buf].omnifunc = "v:lua.vim.lsp.omnifunc"
  end
  -- A buffer-local or global mapping of K in normal mode, whatever its right-hand side.
  local mapped = vim.api.nvim_buf_call(buf, function() return next(vim.fn.maparg("K", "n", false, true)) ~= nil end)
  if not mapped then
    vim.api.nvim_buf_set_keymap(buf, "n", "K", "<Cmd>lua vim.lsp.buf.hover()<CR>",
      { noremap = true, silent = true, desc = "Tatami: hover (frames, documentation)" })
  end
end

--- Starts (or reuses) the server for the buffer's workspace and attaches the buffer.
function M.attach(buf)
  local cfg = settings()
  local root = M.root_of(buf)
  local id = clients[root]
  if not id or not vim.lsp.get_client_by_id(id) then
    id = vim.lsp.start_client({
      name = "tatami",
      cmd = cfg.cmd,
      root_dir = root,
      init_options = { defaultViewport = cfg.default_viewport },
      settings = { tatami = { defaultViewport = cfg.default_viewport } },
      on_init = function(client)
        if cfg.default_viewport then
          client.notify("workspace/didChangeConfiguration", { settings = { tatami = { defaultViewport = cfg.default_viewport } } })
        end
      end,
      on_attach = function(client, bufnr)
        set_up_buffer(bufnr)
        if cfg.on_attach then cfg.on_attach(client, bufnr) end
      end,
    })
    if not id then
      vim.notify("tatami: could not start " .. table.concat(cfg.cmd, " "), vim.log.levels.ERROR)
      return nil
    end
    clients[root] = id
  end
  vim.lsp.buf_attach_client(buf, id)
  return id
end

local function client_for(buf)
  for _, client in pairs(vim.lsp.buf_get_clients(buf)) do
    if client.name == "tatami" then return client end
  end
  return nil
end

--- The viewport names declared in the current buffer (for :TatamiPreview completion).
function M.viewport_names()
  local names, inside = {}, false
  for _, line in ipairs(vim.api.nvim_buf_get_lines(0, 0, -1, false)) do
    if line:match("^viewports:") then
      inside = true
    elseif inside then
      local name = line:match("^  ([%w_%-]+):")
      if name then table.insert(names, name) elseif line:match("^%S") then break end
    end
  end
  return names
end

local function show(source, lines)
  local pbuf = previews[source]
  if not pbuf or not vim.api.nvim_buf_is_valid(pbuf) then
    pbuf = vim.api.nvim_create_buf(false, true)
    vim.api.nvim_buf_set_option(pbuf, "bufhidden", "wipe")
    vim.api.nvim_buf_set_option(pbuf, "filetype", "tatamipreview")
    vim.api.nvim_buf_set_name(pbuf, "tatami-preview://" .. vim.api.nvim_buf_get_name(source))
    previews[source] = pbuf
  end
  vim.api.nvim_buf_set_option(pbuf, "modifiable", true)
  vim.api.nvim_buf_set_lines(pbuf, 0, -1, false, lines)
  vim.api.nvim_buf_set_option(pbuf, "modifiable", false)
  if vim.fn.bufwinnr(pbuf) == -1 then
    local win = vim.api.nvim_get_current_win()
    vim.cmd("vsplit")
    vim.api.nvim_win_set_buf(0, pbuf)
    vim.api.nvim_set_current_win(win)
  end
  return pbuf
end

--- Shows a layout diff's report (`tatami.diff`'s text) in a scratch split of its own.
function diff_lines(source, text)
  local lines = vim.split(text or "", "\n", { plain = true })
  if lines[#lines] == "" then table.remove(lines) end
  local dbuf = vim.api.nvim_create_buf(false, true)
  vim.api.nvim_buf_set_option(dbuf, "bufhidden", "wipe")
  vim.api.nvim_buf_set_option(dbuf, "filetype", "tatamidiff")
  pcall(vim.api.nvim_buf_set_name, dbuf, "tatami-diff://" .. vim.api.nvim_buf_get_name(source))
  vim.api.nvim_buf_set_lines(dbuf, 0, -1, false, lines)
  vim.api.nvim_buf_set_option(dbuf, "modifiable", false)
  local win = vim.api.nvim_get_current_win()
  vim.cmd("split")
  vim.api.nvim_win_set_buf(0, dbuf)
  vim.api.nvim_set_current_win(win)
  return dbuf
end

--- Compares the buffer's layout with the file at a git revision (default HEAD): the server's
--- `tatami.diff` report, as text, in a split (what `tatami diff --git REV FILE` prints).
function M.diff(buf, revision)
  local client = client_for(buf) or (M.attach(buf) and client_for(buf))
  if not client then
    vim.notify("tatami: no language server for this buffer", vim.log.levels.ERROR)
    return
  end
  local args = { vim.uri_from_bufnr(buf), revision or "HEAD", "text" }
  client.request("workspace/executeCommand", { command = "tatami.diff", arguments = args }, function(err, result)
    if err then
      vim.notify("tatami: " .. (err.message or vim.inspect(err)), vim.log.levels.ERROR)
      return
    end
    diff_lines(buf, result)
  end, buf)
end

-- The server's "Compare layout with HEAD" lens names `tatami.diff`: run from the lens
-- (vim.lsp.codelens.run), it is handled here, which asks the server and shows the answer.
vim.lsp.commands["tatami.diff"] = function(command, ctx)
  local args = command.arguments or {}
  local buf = ctx.bufnr or vim.uri_to_bufnr(args[1])
  M.diff(buf, args[2])
end

--- Asks the server for the render and shows it in a scratch split; refreshed on save.
function M.preview(buf, viewport)
  local client = client_for(buf) or (M.attach(buf) and client_for(buf))
  if not client then
    vim.notify("tatami: no language server for this buffer", vim.log.levels.ERROR)
    return
  end
  local args = { vim.uri_from_bufnr(buf) }
  if viewport then table.insert(args, viewport) end
  client.request("workspace/executeCommand", { command = "tatami.preview", arguments = args }, function(err, result)
    if err then
      vim.notify("tatami: " .. (err.message or vim.inspect(err)), vim.log.levels.ERROR)
      return
    end
    local lines = vim.split(result or "", "\n", { plain = true })
    if lines[#lines] == "" then table.remove(lines) end
    show(buf, lines)
  end, buf)

  vim.b[buf].tatami_preview_viewport = viewport or ""
  if not vim.b[buf].tatami_preview_autocmd then
    vim.b[buf].tatami_preview_autocmd = true
    vim.api.nvim_create_autocmd("BufWritePost", {
      group = vim.api.nvim_create_augroup("tatami_preview_" .. buf, { clear = true }),
      buffer = buf,
      callback = function()
        local p = previews[buf]
        if p and vim.api.nvim_buf_is_valid(p) then
          local v = vim.b[buf].tatami_preview_viewport
          M.preview(buf, v ~= "" and v or nil)
        end
      end,
    })
  end
end

return M
