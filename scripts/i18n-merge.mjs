// Adds translations to the six locale files without clobbering a concurrent writer:
//   node scripts/i18n-merge.mjs patch.json
// where patch.json is { "fr": { nested keys… }, "en": {…}, "es": {…}, "pt": {…}, "de": {…}, "nl": {…} }.
// Every locale must be present with the same keys (the locale test checks the files stay aligned).
// Existing keys are overwritten by the patch; other keys are kept. A directory lock serialises writers.
import { mkdirSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';

const LOCALES = ['fr', 'en', 'es', 'pt', 'de', 'nl'];
const dir = resolve(import.meta.dirname, '../src/web/i18n/locales');
const lock = resolve(dir, '.merge-lock');

const patchFile = process.argv[2];
if (!patchFile) {
  console.error('usage: node scripts/i18n-merge.mjs patch.json');
  process.exit(2);
}
const patch = JSON.parse(readFileSync(patchFile, 'utf8'));
for (const locale of LOCALES) {
  if (!patch[locale]) {
    console.error(`patch lacks the "${locale}" locale: every locale needs the same keys`);
    process.exit(2);
  }
}

const isObject = (v) => typeof v === 'object' && v !== null && !Array.isArray(v);
const merge = (target, source) => {
  for (const [key, value] of Object.entries(source)) {
    if (isObject(value) && isObject(target[key])) merge(target[key], value);
    else target[key] = value;
  }
  return target;
};

const deadline = Date.now() + 30_000;
for (;;) {
  try {
    mkdirSync(lock);
    break;
  } catch {
    if (Date.now() > deadline) {
      console.error(`lock ${lock} held for 30 s; remove it if no merge is running`);
      process.exit(1);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}
try {
  for (const locale of LOCALES) {
    const file = resolve(dir, `${locale}.json`);
    const current = JSON.parse(readFileSync(file, 'utf8'));
    writeFileSync(file, `${JSON.stringify(merge(current, patch[locale]), null, 2)}\n`);
  }
  console.log(`merged ${patchFile} into ${LOCALES.length} locales`);
} finally {
  rmdirSync(lock);
}
