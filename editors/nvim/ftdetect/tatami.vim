" Tatami layout files (`set`, not `setfiletype`: the *.yaml and *.yml rules have already matched).
autocmd BufRead,BufNewFile *.tatami.yaml,*.tatami.yml set filetype=tatami
