;;; session.el --- editors/emacs/tatami.el as a user sets it up, in batch Emacs with eglot  -*- lexical-binding: t; -*-
;; Run by Tests/e2e/test_emacs.py:
;;   emacs --batch -l editors/emacs/tatami.el -l session.el
;; with TATAMI_WRAPPER (a script that notes it ran in TATAMI_MARK, then runs `tatami lsp'),
;; TATAMI_FILE and TATAMI_EDITED_EXPECTED (`tatami preview' of the file after the edit below).
;;
;; 1. eglot is loaded, then `tatami-server-command' is set (after `(require 'tatami)'): the
;;    server eglot starts through `eglot-ensure' must be that command.
;; 2. Right after an edit, before Emacs is idle (so before eglot sends the change on its
;;    timer), `tatami-preview' must render the edited text.
;; Every failed check is reported; the exit status is 1 if any failed.

(require 'package)
(package-initialize)
(require 'eglot)
(require 'flymake)

(defvar session-failures 0)

(defun session-fail (fmt &rest args)
  (princ (concat "FAIL: " (apply #'format fmt args) "\n") #'external-debugging-output)
  (setq session-failures (1+ session-failures)))

(defun session-wait (predicate seconds)
  "Process output until PREDICATE holds or SECONDS pass; PREDICATE's last value."
  (let ((deadline (+ (float-time) seconds)) value)
    (while (and (not (setq value (funcall predicate))) (< (float-time) deadline))
      (accept-process-output nil 0.05))
    value))

(let ((wrapper (getenv "TATAMI_WRAPPER"))
      (mark (getenv "TATAMI_MARK"))
      (file (getenv "TATAMI_FILE"))
      (expected (getenv "TATAMI_EDITED_EXPECTED")))
  (unless (and wrapper mark file expected) (session-fail "TATAMI_WRAPPER, TATAMI_MARK, TATAMI_FILE and TATAMI_EDITED_EXPECTED must be set") (kill-emacs 1))
  ;; 1. The user's command, set after tatami.el and eglot are both loaded.
  (setq tatami-server-command (list wrapper))
  (find-file file)
  (unless (eq major-mode 'tatami-mode) (session-fail "major mode is %s" major-mode))
  (eglot-ensure)
  (condition-case err
      (run-hooks 'post-command-hook)  ; where eglot-ensure connects
    (error (session-fail "eglot-ensure could not start a server: %S" err)))
  (unless (session-wait #'eglot-current-server 20)
    (session-fail "eglot-ensure started no server for the buffer")
    ;; Start one by hand, so that the preview is checked all the same.
    (eglot '(tatami-mode) `(transient . ,(file-name-directory file)) 'eglot-lsp-server (list wrapper) "tatami")
    (unless (session-wait #'eglot-current-server 20) (kill-emacs 1))
    (delete-file mark))
  (if (file-exists-p mark)
      (princ (format "the server is %s, set after (require 'tatami)\n" wrapper))
    (session-fail "eglot did not start `tatami-server-command' (%s)" wrapper))
  (unless (session-wait #'flymake-diagnostics 20)
    (session-fail "no diagnostics within 20 s"))

  ;; 2. Edit, then preview at once.
  (goto-char (point-min))
  (unless (search-forward "text: hi" nil t) (session-fail "the file has no `text: hi'"))
  (replace-match "text: edited")
  (let ((render (tatami-preview))
        (want (with-temp-buffer (insert-file-contents expected) (buffer-string))))
    (if (equal render want)
        (princ "the preview right after an edit shows the edit\n")
      (session-fail "the preview right after an edit differs:\n%s\nexpected:\n%s" render want)))
  (kill-emacs (if (> session-failures 0) 1 0)))
