" Tatami files are YAML: highlight them as YAML (semantic tokens from `tatami lsp` add the rest
" on Neovim 0.9 and later).
if exists("b:current_syntax")
  finish
endif
runtime! syntax/yaml.vim
unlet! b:current_syntax
let b:current_syntax = "tatami"
