;;; edits.el --- eglot applies completions and code actions of `tatami lsp'  -*- lexical-binding: t; -*-
;; Run by Tests/e2e/test_emacs.py:
;;   emacs --batch -l editors/emacs/tatami.el -l edits.el
;; with TATAMI_BIN, TATAMI_DIR, TATAMI_CASES and TATAMI_RESULTS set (the cases: see
;; Tests/e2e/edit_cases.py). Each case gets a file of its own in TATAMI_DIR.
;;
;; A completion goes through eglot's `completion-at-point' function: its table lists what eglot
;; shows for the text at point, the item with the case's label is chosen (a table of that one
;; item, as when the user has narrowed the list to it), and `completion-at-point' inserts it and
;; calls eglot's exit function, which applies the item's textEdit as eglot does. A code action
;; goes through `eglot-code-actions', with the case's title as the answer to its prompt. Eglot
;; 1.9 without yasnippet declares neither snippets nor insertTextMode.
;; The resulting buffers are written to TATAMI_RESULTS as JSON.

(require 'package)
(package-initialize)
(require 'eglot)
(require 'flymake)
(require 'json)
(require 'seq)
(require 'subr-x)
(require 'cl-lib)

(defun edits-fail (fmt &rest args)
  (princ (concat "FAIL: " (apply #'format fmt args) "\n") #'external-debugging-output)
  (kill-emacs 1))

(defun edits-wait (predicate seconds)
  "Processes input until PREDICATE holds or SECONDS pass; returns its last value."
  (let ((deadline (+ (float-time) seconds))
        value)
    (while (and (not (setq value (funcall predicate))) (< (float-time) deadline))
      (accept-process-output nil 0.05))
    value))

(defun edits-complete (label)
  "Completes at point choosing the item LABEL; returns nil, or what went wrong."
  (eglot--signal-textDocument/didChange)
  (let* ((capf (eglot-completion-at-point))
         (beg (nth 0 capf))
         (end (nth 1 capf))
         (table (nth 2 capf))
         (props (nthcdr 3 capf))
         (shown (all-completions (buffer-substring-no-properties beg end) table))
         (chosen (seq-find (lambda (proxy)
                             (equal (plist-get (get-text-property 0 'eglot--lsp-item proxy) :label) label))
                           shown)))
    (if (not chosen)
        (format "no item %s in: %s" label (mapconcat #'identity shown " "))
      (let ((completion-at-point-functions (list (lambda () (append (list beg end (list chosen)) props)))))
        (completion-at-point))
      nil)))

(defun edits-code-action (line title diagnostic)
  "Applies the code action TITLE at point once a diagnostic on LINE mentions DIAGNOSTIC."
  ;; Flymake defers its start to the next command, which batch Emacs never runs.
  (flymake-start)
  (if (not (edits-wait (lambda ()
                         (seq-find (lambda (d) (string-match-p (regexp-quote diagnostic) (flymake-diagnostic-text d)))
                                   (flymake-diagnostics (line-beginning-position) (line-end-position))))
                       20))
      (format "no diagnostic with '%s' on line %d; diagnostics: %s" diagnostic line
              (mapconcat #'flymake-diagnostic-text (flymake-diagnostics) "; "))
    (let ((offered nil)
          (last-nonmenu-event ?a))  ; not a mouse event: eglot prompts with `completing-read'
      (cl-letf (((symbol-function 'completing-read)
                 (lambda (_prompt collection &rest _)
                   (setq offered (mapcar #'car collection))
                   title)))
        (condition-case err
            (progn (eglot-code-actions (point) nil nil t) nil)
          (error (format "eglot-code-actions: %S (offered: %S)" err offered)))))))

(let* ((bin (getenv "TATAMI_BIN"))
       (dir (file-name-as-directory (getenv "TATAMI_DIR")))
       (cases (json-parse-string (with-temp-buffer (insert-file-contents (getenv "TATAMI_CASES")) (buffer-string))
                                 :object-type 'plist :array-type 'list))
       (results '())
       (index 0))
  (unless (and bin dir cases) (edits-fail "TATAMI_BIN, TATAMI_DIR and TATAMI_CASES must be set"))
  (dolist (case cases)
    (setq index (1+ index))
    (let ((path (expand-file-name (format "case%d.tatami.yaml" index) dir))
          problem)
      (with-temp-file path (insert (mapconcat #'identity (plist-get case :lines) "\n") "\n"))
      (find-file path)
      (unless (eq major-mode 'tatami-mode) (edits-fail "major mode is %s" major-mode))
      (unless (eglot-current-server)
        (eglot '(tatami-mode) `(transient . ,dir) 'eglot-lsp-server (list bin "lsp") "tatami"))
      (unless (edits-wait (lambda () (eglot-managed-p)) 20) (edits-fail "eglot does not manage %s" path))
      (goto-char (point-min))
      (forward-line (1- (plist-get case :line)))
      (if (plist-get case :label)
          (progn
            (end-of-line)
            (backward-char (or (plist-get case :left) 0))
            (setq problem (edits-complete (plist-get case :label))))
        (forward-char (plist-get case :col))
        (setq problem (edits-code-action (plist-get case :line) (plist-get case :action) (plist-get case :diagnostic))))
      (push `((name . ,(plist-get case :name))
              (lines . ,(vconcat (split-string (string-remove-suffix "\n" (buffer-string)) "\n")))
              ,@(when problem `((problem . ,problem))))
            results)
      (set-buffer-modified-p nil)
      (kill-buffer)))
  (with-temp-file (getenv "TATAMI_RESULTS")
    (insert (json-encode (vconcat (nreverse results)))))
  (kill-emacs 0))
