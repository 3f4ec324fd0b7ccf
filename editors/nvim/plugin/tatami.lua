-- Tatami for Neovim 0.7+: starts `tatami lsp` for *.tatami.yaml buffers and adds
-- :TatamiPreview [viewport] and :TatamiDiff [revision]. Settings: require("tatami").setup({ ... }) or vim.g.tatami.
if vim.g.loaded_tatami then return end
vim.g.loaded_tatami = true

local group = vim.api.nvim_create_augroup("tatami", { clear = true })
vim.api.nvim_create_autocmd("FileType", {
  group = group,
  pattern = "tatami",
  callback = function(args) require("tatami").attach(args.buf) end,
})

vim.api.nvim_create_user_command("TatamiPreview", function(opts)
  require("tatami").preview(vim.api.nvim_get_current_buf(), opts.args ~= "" and opts.args or nil)
end, {
  nargs = "?",
  desc = "Show the ASCII render of this Tatami file (optionally of one viewport)",
  complete = function() return require("tatami").viewport_names() end,
})

vim.api.nvim_create_user_command("TatamiDiff", function(opts)
  require("tatami").diff(vim.api.nvim_get_current_buf(), opts.args ~= "" and opts.args or nil)
end, {
  nargs = "?",
  desc = "Compare this Tatami file's layout with a git revision (default HEAD): views moved, resized, added, removed",
})
