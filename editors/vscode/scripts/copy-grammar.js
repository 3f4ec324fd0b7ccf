#!/usr/bin/env node
// Copies the grammar and the JSON Schema from the repository's grammar/ folder into the
// extension (syntaxes/ and schemas/), where package.json points. `vsce package` runs it first
// (the `vscode:prepublish` script); run it by hand (`npm run copy-grammar`) to try the extension
// from a checkout. Arguments: [SOURCE_DIR [EXTENSION_DIR]], by default ../../grammar and the
// extension's own folder.
'use strict';
const fs = require('fs');
const path = require('path');

const extension = path.resolve(process.argv[3] || path.join(__dirname, '..'));
const source = path.resolve(process.argv[2] || path.join(extension, '..', '..', 'grammar'));

const copies = [
  ['tatami.tmLanguage.json', 'syntaxes'],
  ['tatami.schema.json', 'schemas'],
  ['tatami.config.schema.json', 'schemas'],
];

for (const [file, folder] of copies) {
  const from = path.join(source, file);
  const to = path.join(extension, folder, file);
  if (!fs.existsSync(from)) {
    console.error(`copy-grammar: ${from} is missing`);
    process.exit(1);
  }
  fs.mkdirSync(path.dirname(to), { recursive: true });
  fs.copyFileSync(from, to);
  console.log(`copied ${path.relative(process.cwd(), from) || from} -> ${path.relative(process.cwd(), to) || to}`);
}
