;;; diff.el --- M-x tatami-diff from batch Emacs with eglot  -*- lexical-binding: t; -*-
;; Run by Tests/e2e/test_emacs.py with TATAMI_BIN and TATAMI_FILE (a file committed in a git
;; repository): an unsaved edit (the red bar 40 → 60 high) compared with HEAD.

(require 'package)
(package-initialize)
(require 'eglot)

(defun probe-fail (fmt &rest args)
  (princ (concat "FAIL: " (apply #'format fmt args) "\n") #'external-debugging-output)
  (kill-emacs 1))

(let ((bin (getenv "TATAMI_BIN"))
      (file (getenv "TATAMI_FILE")))
  (find-file file)
  (let ((project (or (project-current nil (file-name-directory file)) `(transient . ,(file-name-directory file)))))
    (eglot '(tatami-mode) project 'eglot-lsp-server (list bin "lsp") "tatami"))
  (goto-char (point-min))
  (search-forward "width: 50, height: 40")
  (replace-match "width: 50, height: 60")
  (let ((report (tatami-diff)))
    (princ report)
    (unless (string-match-p (regexp-quote "phone: 1 view moved, 1 view resized") report)
      (probe-fail "unexpected report: %s" report))
    (unless (string-match-p (regexp-quote "Δy +20") report) (probe-fail "no Δy +20 in: %s" report))
    (unless (get-buffer-window "*tatami-diff*" t) (probe-fail "the report is not shown"))
    (princ "diff shown\n"))
  (kill-emacs 0))
