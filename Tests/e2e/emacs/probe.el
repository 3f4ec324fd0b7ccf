;;; probe.el --- eglot (Debian's elpa-eglot) drives `tatami lsp' from batch Emacs  -*- lexical-binding: t; -*-
;; Run by Tests/e2e/test_emacs.py:
;;   emacs --batch -l editors/emacs/tatami.el -l probe.el
;; with TATAMI_BIN and TATAMI_FILE set. Exits 0 when diagnostics arrive (the first one's text
;; holding TATAMI_EXPECT_TEXT, default "hstack") and, with TATAMI_EXPECTED, the preview works.

(require 'package)
(package-initialize)
(require 'eglot)
(require 'flymake)

(defun probe-fail (fmt &rest args)
  (princ (concat "FAIL: " (apply #'format fmt args) "\n") #'external-debugging-output)
  (kill-emacs 1))

(let* ((bin (getenv "TATAMI_BIN"))
       (file (getenv "TATAMI_FILE"))
       (expected (getenv "TATAMI_EXPECTED"))
       (wanted (or (getenv "TATAMI_EXPECT_TEXT") "hstack")))
  (unless (and bin file) (probe-fail "TATAMI_BIN and TATAMI_FILE must be set"))
  (find-file file)
  (unless (eq major-mode 'tatami-mode) (probe-fail "major mode is %s" major-mode))
  (unless (assoc 'tatami-mode eglot-server-programs) (probe-fail "tatami-mode is not registered with eglot"))
  (let ((project (project-current nil (file-name-directory file))))
    (unless project (setq project `(transient . ,(file-name-directory file))))
    (eglot '(tatami-mode) project 'eglot-lsp-server (list bin "lsp") "tatami"))
  (let ((deadline (+ (float-time) 20))
        diags)
    (while (and (null diags) (< (float-time) deadline))
      (accept-process-output nil 0.1)
      (setq diags (flymake-diagnostics)))
    (unless diags (probe-fail "no diagnostics within 20 s"))
    (let ((text (flymake-diagnostic-text (car diags))))
      (princ (format "diagnostic: %s\n" text))
      (unless (string-match-p (regexp-quote wanted) text) (probe-fail "unexpected diagnostic: %s" text))))
  (when expected
    (let ((render (tatami-preview)))
      (unless (equal render (with-temp-buffer (insert-file-contents expected) (buffer-string)))
        (probe-fail "preview differs:\n%s" render))
      (princ "preview matches\n")
      ;; It opens at its top: point, and the window showing it, at the first line.
      (let ((buffer (get-buffer "*tatami-preview*")))
        (unless (= (with-current-buffer buffer (point)) 1)
          (probe-fail "the preview buffer's point is at %d, not at its top" (with-current-buffer buffer (point))))
        (let ((window (get-buffer-window buffer t)))
          (unless window (probe-fail "the preview is not shown in a window"))
          (unless (and (= (window-start window) 1) (= (window-point window) 1))
            (probe-fail "the preview's window starts at %d with point at %d, not at its top"
                        (window-start window) (window-point window))))
        (princ "the preview opens at its top\n"))))
  (kill-emacs 0))
