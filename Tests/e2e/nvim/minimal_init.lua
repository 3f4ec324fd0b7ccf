-- Only the plugin (and Neovim's own runtime) on the runtime path.
vim.opt.runtimepath = { os.getenv("TATAMI_PLUGIN"), vim.env.VIMRUNTIME }
vim.opt.swapfile = false
vim.cmd("filetype plugin on")
vim.g.tatami = { cmd = { os.getenv("TATAMI_BIN"), "lsp" } }
