-- The editors/nvim plugin under headless Neovim, with only the plugin on the runtime path
-- (see Tests/e2e/test_neovim.py): opening a *.tatami.yaml file starts the server and gives
-- diagnostics; :TatamiPreview shows the render in a split; saving refreshes it.
local function fail(message)
  io.stderr:write("FAIL: " .. message .. "\n")
  vim.cmd("cquit 1")
end

local file = os.getenv("TATAMI_FILE")
local expected_path = os.getenv("TATAMI_EXPECTED")

local ok, err = pcall(function()
  vim.cmd("edit " .. vim.fn.fnameescape(file))
  local buf = vim.api.nvim_get_current_buf()
  if vim.bo[buf].filetype ~= "tatami" then fail("filetype is '" .. vim.bo[buf].filetype .. "', not tatami") end

  if not vim.wait(10000, function() return #vim.diagnostic.get(buf) > 0 end, 50) then
    fail("no diagnostics within 10 s")
  end
  local d = vim.diagnostic.get(buf)[1]
  print(string.format("diagnostic at %d:%d: %s", d.lnum, d.col, d.message))
  if not d.message:find("text-truncated", 1, true) and not d.message:find("…", 1, true) and d.severity ~= vim.diagnostic.severity.WARN then
    fail("unexpected diagnostic: " .. d.message)
  end

  vim.cmd("TatamiPreview")
  local preview
  vim.wait(10000, function()
    for _, b in ipairs(vim.api.nvim_list_bufs()) do
      if vim.api.nvim_buf_get_name(b):find("tatami-preview://", 1, true) and vim.fn.bufwinnr(b) ~= -1 then
        local lines = vim.api.nvim_buf_get_lines(b, 0, -1, false)
        if #lines > 1 then preview = b return true end
      end
    end
    return false
  end, 50)
  if not preview then fail(":TatamiPreview showed nothing") end
  local got = table.concat(vim.api.nvim_buf_get_lines(preview, 0, -1, false), "\n") .. "\n"
  local expected = table.concat(vim.fn.readfile(expected_path), "\n") .. "\n"
  if got ~= expected then fail("preview differs:\n" .. got .. "\nexpected:\n" .. expected) end
  print("preview matches tatami preview (" .. #vim.api.nvim_buf_get_lines(preview, 0, -1, false) .. " lines)")

  -- Edit and save: the preview follows (the image is replaced by a color).
  vim.api.nvim_buf_set_lines(buf, 0, -1, false, {
    "viewports:", "  w: {width: 80, height: 16}", "body:", "  color: red", "  fill: \"#\"",
  })
  vim.cmd("write")
  local refreshed = vim.wait(10000, function()
    return vim.api.nvim_buf_get_lines(preview, 1, 2, false)[1] == "│##########│"
  end, 50)
  if not refreshed then
    fail("preview not refreshed after save: " .. table.concat(vim.api.nvim_buf_get_lines(preview, 0, -1, false), "\n"))
  end
  print("preview refreshed on save")
end)
if not ok then fail(tostring(err)) end
vim.cmd("qall!")
