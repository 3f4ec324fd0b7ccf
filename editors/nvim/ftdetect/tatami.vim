" Tatami layout files (`set`, not `setfiletype`: the *.yaml rule has already matched).
autocmd BufRead,BufNewFile *.tatami.yaml set filetype=tatami
