;;; format.el --- formatting through eglot and tatami.el in batch Emacs  -*- lexical-binding: t; -*-
;; Run by Tests/e2e/test_emacs.py:
;;   emacs --batch -l editors/emacs/tatami.el -l format.el
;; with TATAMI_BIN and, in one directory:
;;   TATAMI_MANUAL    an unformatted file: saved as it is (`tatami-format-on-save' is nil by
;;                    default), then formatted by `eglot-format-buffer'
;;   TATAMI_ON_SAVE   the same unformatted text: with `tatami-format-on-save', saving formats it
;;   TATAMI_BROKEN    a file with a YAML syntax error: with `tatami-format-on-save', saved as it is
;;   TATAMI_EXPECTED  the canonical text (the example the unformatted file is the twin of)
;; Every failed check is reported; the exit status is 1 if any failed.

(require 'package)
(package-initialize)
(require 'eglot)

(defvar format-failures 0)

(defun format-fail (fmt &rest args)
  (princ (concat "FAIL: " (apply #'format fmt args) "\n") #'external-debugging-output)
  (setq format-failures (1+ format-failures)))

(defun format-wait (predicate seconds)
  "Process output until PREDICATE holds or SECONDS pass; PREDICATE's last value."
  (let ((deadline (+ (float-time) seconds)) value)
    (while (and (not (setq value (funcall predicate))) (< (float-time) deadline))
      (accept-process-output nil 0.05))
    value))

(defun format-file-text (file)
  (with-temp-buffer (insert-file-contents file) (buffer-string)))

(defun format-open (file)
  "Visit FILE and wait until eglot manages its buffer."
  (find-file file)
  (unless (eq major-mode 'tatami-mode) (format-fail "%s: major mode is %s" file major-mode))
  (unless (format-wait #'eglot-managed-p 20)
    (format-fail "eglot does not manage %s" file)
    (kill-emacs 1)))

(let* ((bin (getenv "TATAMI_BIN"))
       (manual (getenv "TATAMI_MANUAL"))
       (on-save (getenv "TATAMI_ON_SAVE"))
       (broken (getenv "TATAMI_BROKEN"))
       (expected (format-file-text (getenv "TATAMI_EXPECTED")))
       (original (format-file-text manual))
       (dir (file-name-directory manual)))
  (when (equal original expected) (format-fail "the unformatted file is already formatted"))
  (find-file manual)
  ;; One server for the directory; the other files' buffers join it as they are visited.
  (eglot '(tatami-mode) `(transient . ,dir) 'eglot-lsp-server (list bin "lsp") "tatami")
  (format-open manual)

  ;; 1. Off by default: saving writes the text as it is.
  (when tatami-format-on-save (format-fail "tatami-format-on-save is %S by default" tatami-format-on-save))
  (set-buffer-modified-p t)
  (save-buffer)
  (if (equal (format-file-text manual) original)
      (princ "format on save is off by default\n")
    (format-fail "the file changed on save with format on save off:\n%s" (format-file-text manual)))

  ;; 2. eglot-format-buffer: the buffer becomes the canonical text.
  (eglot-format-buffer)
  (if (equal (buffer-string) expected)
      (princ "eglot-format-buffer: the buffer is the canonical text\n")
    (format-fail "eglot-format-buffer gave:\n%s\nexpected:\n%s" (buffer-string) expected))

  ;; 3. With tatami-format-on-save, saving formats first.
  (setq tatami-format-on-save t)
  (format-open on-save)
  (set-buffer-modified-p t)
  (save-buffer)
  (if (equal (format-file-text on-save) expected)
      (princ "tatami-format-on-save: the file saved is the canonical text\n")
    (format-fail "with tatami-format-on-save, the file saved is:\n%s" (format-file-text on-save)))

  ;; 4. A syntax error: no edits; the file is saved as it is (with the edit just typed).
  (let ((text (format-file-text broken)))
    (format-open broken)
    (goto-char (point-min))
    (insert "# edited\n")
    (save-buffer)
    (if (equal (format-file-text broken) (concat "# edited\n" text))
        (princ "a file with a syntax error is saved as it is\n")
      (format-fail "a file with a syntax error changed on save:\n%s" (format-file-text broken))))
  (kill-emacs (if (> format-failures 0) 1 0)))
