;;; tatami.el --- Major mode for Tatami layout files, with eglot  -*- lexical-binding: t; -*-

;; Version: 0.1.0
;; Package-Requires: ((emacs "27.1"))
;; Keywords: languages, tools
;; URL: https://github.com/tatami-layout/tatami

;;; Commentary:

;; `tatami-mode' edits `*.tatami.yaml' files: YAML indentation and comments, highlighting of
;; view kinds, modifiers and component names, and registration with eglot so that
;; `M-x eglot' (or `eglot-ensure' in `tatami-mode-hook') starts `tatami lsp'.
;; `M-x tatami-preview' shows the ASCII render of the buffer's current text.

;;; Code:

(require 'rx)
(require 'cl-lib)

(defgroup tatami nil
  "Tatami layout files."
  :group 'languages
  :prefix "tatami-")

(defcustom tatami-server-command '("tatami" "lsp")
  "The command that starts the Tatami language server.
Read each time a server starts, so setting it after loading this file works."
  :type '(repeat string))

(defcustom tatami-default-viewport nil
  "The viewport `tatami-preview' shows when none is given (nil: the file's first)."
  :type '(choice (const :tag "The file's first" nil) string))

(defcustom tatami-format-on-save nil
  "Non-nil: format Tatami buffers with the language server before saving them.
The server rewrites the buffer in the canonical shape of `tatami format' (only
the lines that change); a buffer with a YAML syntax error is saved as it is.
Read at each save, so setting it applies to buffers already open.  Needs eglot
to manage the buffer."
  :type 'boolean)

(defconst tatami--kinds
  '("text" "image" "color" "spacer" "divider" "hstack" "vstack" "zstack" "flow" "grid" "bricks" "canvas")
  "View kinds (docs/format.md section 4).")

(defconst tatami--modifiers
  '("fixedSize" "aspectRatio" "frame" "padding" "background" "overlay" "border" "offset")
  "Wrapping modifiers (docs/format.md section 6).")

(defun tatami--key-regexp (names)
  "A regexp for a mapping key (optionally after `- ') that is one of NAMES."
  (rx-to-string `(seq line-start (* blank) (? "- ") (group (or ,@names)) ":" (or blank line-end)) t))

(defvar tatami-font-lock-keywords
  `((,(tatami--key-regexp tatami--kinds) 1 font-lock-keyword-face)
    (,(tatami--key-regexp tatami--modifiers) 1 font-lock-builtin-face)
    (,(rx line-start (* blank) (? "- ") (group upper (* (any alnum "_"))) ":" (or blank line-end))
     1 font-lock-type-face)
    (,(rx "$" (? "{") (group (any alpha "_") (* (any alnum "_"))))
     1 font-lock-variable-name-face)
    (,(rx line-start (* blank) (? "- ") (group (+ (any alnum "_" "-"))) ":" (or blank line-end))
     1 font-lock-variable-name-face))
  "Highlighting for `tatami-mode'.")

(defvar tatami-mode-syntax-table
  (let ((table (make-syntax-table)))
    (modify-syntax-entry ?# "<" table)
    (modify-syntax-entry ?\n ">" table)
    (modify-syntax-entry ?\" "\"" table)
    (modify-syntax-entry ?' "\"" table)
    (modify-syntax-entry ?_ "_" table)
    (modify-syntax-entry ?- "_" table)
    table)
  "Syntax table for `tatami-mode'.")

;;;###autoload
(define-derived-mode tatami-mode prog-mode "Tatami"
  "Major mode for Tatami layout files (`*.tatami.yaml')."
  :syntax-table tatami-mode-syntax-table
  (setq-local comment-start "# ")
  (setq-local comment-start-skip "#+\\s-*")
  (setq-local indent-tabs-mode nil)
  (setq-local tab-width 2)
  (setq-local font-lock-defaults '(tatami-font-lock-keywords))
  (add-hook 'project-find-functions #'tatami--project nil t)
  (add-hook 'before-save-hook #'tatami--format-before-save nil t))

;;;###autoload
(add-to-list 'auto-mode-alist '("\\.tatami\\.ya?ml\\'" . tatami-mode))
;; The workspace file too: the server checks it with its own keys (docs/workspace.md).
(add-to-list 'auto-mode-alist '("/tatami\\.config\\.yaml\\'" . tatami-mode))

(defun tatami--server-contact (&optional _interactive)
  "The command eglot starts for `tatami-mode': `tatami-server-command', read now."
  tatami-server-command)

;; The project (and so eglot's workspace folder) of a Tatami file: the nearest directory above it
;; holding `tatami.config.yaml', the workspace file.  Without one, project.el's own search (a
;; version-control root such as `.git') applies: the order `tatami lint' and the server follow
;; (docs/workspace.md), so a file gets the same diagnostics in Emacs as from the command line.
(defun tatami--project (dir)
  "The Tatami workspace holding DIR: (tatami . ROOT).
Nil when no workspace file is above DIR."
  (let ((root (locate-dominating-file dir "tatami.config.yaml")))
    (and root (cons 'tatami (file-name-as-directory (expand-file-name root))))))

(with-eval-after-load 'project
  (cl-defmethod project-root ((project (head tatami))) (cdr project))
  ;; Emacs 27's project.el asks for `project-roots' instead.
  (cl-defmethod project-roots ((project (head tatami))) (list (cdr project))))

(defvar eglot-server-programs)
(with-eval-after-load 'eglot
  ;; A function, not the command itself: eglot calls it when it starts a server.
  (add-to-list 'eglot-server-programs '(tatami-mode . tatami--server-contact)))

(declare-function eglot--current-server-or-lose "eglot")
(declare-function eglot--path-to-uri "eglot")
(declare-function eglot-path-to-uri "eglot")
(declare-function eglot--signal-textDocument/didChange "eglot")
(declare-function jsonrpc-request "jsonrpc")

(defun tatami--send-pending-changes ()
  "Send the server the buffer's edits that eglot has not sent yet.
Eglot waits until Emacs has been idle (`eglot-send-changes-idle-time') before it
sends `textDocument/didChange'; a command run right after typing must send them
first, or the server answers for the old text."
  (when (fboundp 'eglot--signal-textDocument/didChange)
    (eglot--signal-textDocument/didChange)))

(declare-function eglot-managed-p "eglot")
(declare-function eglot-format-buffer "eglot")

(defun tatami--format-before-save ()
  "Format the buffer with eglot if `tatami-format-on-save' is set.
Run from the buffer-local `before-save-hook': calls `eglot-format-buffer',
unless eglot does not manage the buffer."
  (when (and tatami-format-on-save (fboundp 'eglot-managed-p) (eglot-managed-p))
    (tatami--send-pending-changes)
    (eglot-format-buffer)))

(defun tatami--uri (file)
  "The URI eglot uses for FILE."
  (if (fboundp 'eglot-path-to-uri) (eglot-path-to-uri file) (eglot--path-to-uri file)))

(defun tatami-preview (&optional viewport)
  "Show the ASCII render of this buffer's text in another window.
With a prefix argument, ask for the VIEWPORT."
  (interactive (list (when current-prefix-arg (read-string "Viewport: "))))
  (require 'eglot)
  (tatami--send-pending-changes)
  (let* ((server (eglot--current-server-or-lose))
         (uri (tatami--uri (buffer-file-name)))
         (viewport (or viewport tatami-default-viewport))
         (arguments (if viewport (vector uri viewport) (vector uri)))
         (render (jsonrpc-request server :workspace/executeCommand
                                  (list :command "tatami.preview" :arguments arguments)))
         (buffer (get-buffer-create "*tatami-preview*")))
    (with-current-buffer buffer
      (let ((inhibit-read-only t))
        (erase-buffer)
        (insert render))
      (special-mode)
      ;; The render reads from its top (the viewport's name): open there, not where the
      ;; insertion left point, at the end.
      (goto-char (point-min)))
    (let ((window (display-buffer buffer)))
      (when window
        (set-window-start window (point-min))
        (set-window-point window (point-min))))
    render))

(defun tatami-diff (&optional revision)
  "Compare this buffer's layout with the file at a git REVISION (default HEAD).
Shows the server's `tatami.diff' report in another window: what
`tatami diff --git REV FILE' prints, the views moved, resized, added
and removed per viewport and the diagnostics that appeared or went.
With a prefix argument, ask for the revision."
  (interactive (list (when current-prefix-arg (read-string "Revision: " nil nil "HEAD"))))
  (require 'eglot)
  (tatami--send-pending-changes)
  (let* ((server (eglot--current-server-or-lose))
         (uri (tatami--uri (buffer-file-name)))
         (report (jsonrpc-request server :workspace/executeCommand
                                  (list :command "tatami.diff"
                                        :arguments (vector uri (or revision "HEAD") "text"))))
         (buffer (get-buffer-create "*tatami-diff*")))
    (with-current-buffer buffer
      (let ((inhibit-read-only t))
        (erase-buffer)
        (insert report))
      (special-mode)
      (goto-char (point-min)))
    (let ((window (display-buffer buffer)))
      (when window (set-window-point window (point-min))))
    report))

(provide 'tatami)
;;; tatami.el ends here
