" Tatami layout files (`set`, not `setfiletype`: the *.yaml and *.yml rules have already matched).
" The workspace file is served too: the server checks it with its own keys (docs/workspace.md).
autocmd BufRead,BufNewFile *.tatami.yaml,*.tatami.yml,tatami.config.yaml set filetype=tatami
