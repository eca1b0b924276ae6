// The message catalogs (ADR 0205): one folder per language, one JSON file per area, ICU MessageFormat texts.
// `checkCatalogs` holds every language to the Japanese, key for key and parameter for parameter; `paramsModule`
// writes the TypeScript type of each message's parameters, which the code's calls are typechecked against.
// `node scripts/message-catalogs.mjs` checks and rewrites the type (`--check`: checks only); the web build and a
// unit test fail on a catalog that does not match or a type that is out of date.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse, TYPE } from '@formatjs/icu-messageformat-parser';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The catalogs of the customer pages, and the module that types their parameters. */
export const WEB_CATALOGS = {
  dir: path.join(root, 'apps/web/src/messages'),
  types: path.join(root, 'apps/web/src/i18n/message-params.gen.ts'),
};

/** The contract's: what the API and the shared rules say, on the server and in the pages alike. */
export const CONTRACT_CATALOGS = {
  dir: path.join(root, 'packages/contract/messages'),
  types: path.join(root, 'packages/contract/src/message-params.gen.ts'),
};

/** The server's own: the customer's mails. */
export const SERVER_CATALOGS = {
  dir: path.join(root, 'apps/server/src/messages'),
  types: path.join(root, 'apps/server/src/i18n/message-params.gen.ts'),
};

export const CATALOG_FOLDERS = [WEB_CATALOGS, CONTRACT_CATALOGS, SERVER_CATALOGS];

const SOURCE = 'ja';

/** A message's parameters by name, with the kind of value each takes. */
function parametersOf(elements, found = new Map()) {
  for (const element of elements) {
    switch (element.type) {
      case TYPE.argument:
        if (!found.has(element.value)) found.set(element.value, 'text');
        break;
      case TYPE.number:
        found.set(element.value, 'number');
        break;
      case TYPE.date:
      case TYPE.time:
        found.set(element.value, 'date');
        break;
      case TYPE.plural:
        found.set(element.value, 'number');
        for (const option of Object.values(element.options)) parametersOf(option.value, found);
        break;
      case TYPE.select:
        found.set(element.value, 'choice');
        for (const option of Object.values(element.options)) parametersOf(option.value, found);
        break;
      case TYPE.tag:
        parametersOf(element.children, found);
        break;
    }
  }
  return found;
}

function readCatalog(file) {
  const catalog = JSON.parse(readFileSync(file, 'utf8'));
  if (!catalog || typeof catalog !== 'object' || Array.isArray(catalog)) throw new Error(`${file}: not an object`);
  return catalog;
}

/** Every language's catalogs: `{ ja: { common: { key: text } } }`. */
export function readCatalogs(dir) {
  const catalogs = {};
  for (const lang of readdirSync(dir, { withFileTypes: true })) {
    if (!lang.isDirectory()) continue;
    catalogs[lang.name] = {};
    for (const file of readdirSync(path.join(dir, lang.name))) {
      if (file.endsWith('.json')) catalogs[lang.name][file.slice(0, -5)] = readCatalog(path.join(dir, lang.name, file));
    }
  }
  return catalogs;
}

/**
 * What is wrong with the catalogs, one line each: an area, key or parameter that a language has and the Japanese
 * has not, or the other way round; a text that is not ICU MessageFormat; a parameter used as a number in one
 * language and as a date in another.
 */
export function checkCatalogs(dir) {
  const problems = [];
  const catalogs = readCatalogs(dir);
  const source = catalogs[SOURCE];
  if (!source) return [`${dir}: no ${SOURCE} catalog`];
  const params = {};
  for (const [lang, areas] of Object.entries(catalogs)) {
    const where = (area, key) => `${lang}/${area}.json${key === undefined ? '' : ` "${key}"`}`;
    for (const area of Object.keys(source)) if (!areas[area]) problems.push(`${where(area)}: missing`);
    for (const [area, messages] of Object.entries(areas)) {
      if (!source[area]) {
        problems.push(`${where(area)}: not in the ${SOURCE} catalog`);
        continue;
      }
      for (const key of Object.keys(source[area]))
        if (!(key in messages)) problems.push(`${where(area, key)}: missing`);
      for (const [key, text] of Object.entries(messages)) {
        if (!(key in source[area])) {
          problems.push(`${where(area, key)}: not in the ${SOURCE} catalog`);
          continue;
        }
        if (typeof text !== 'string') {
          problems.push(`${where(area, key)}: not a text`);
          continue;
        }
        let found;
        try {
          found = parametersOf(parse(text, { requiresOtherClause: true }));
        } catch (error) {
          problems.push(`${where(area, key)}: ${error.message}`);
          continue;
        }
        params[area] ??= {};
        params[area][key] ??= { lang, found };
        const known = params[area][key];
        if (known.lang === lang) continue;
        const names = (map) => [...map.keys()].sort().join(', ') || 'none';
        if (names(known.found) !== names(found)) {
          problems.push(`${where(area, key)}: parameters ${names(found)}, but ${known.lang} has ${names(known.found)}`);
          continue;
        }
        for (const [name, kind] of found) {
          const other = known.found.get(name);
          if (kind === other || kind === 'text' || other === 'text') {
            if (other === 'text') known.found.set(name, kind);
          } else {
            problems.push(`${where(area, key)}: {${name}} is a ${kind} here and a ${other} in ${known.lang}`);
          }
        }
      }
    }
  }
  return problems;
}

const TYPE_OF_KIND = { text: 'string | number', number: 'number', date: 'Date | number', choice: 'string | boolean' };

/** The TypeScript module naming each area's keys and the values each message takes (null: none). */
export function paramsModule(dir) {
  const catalogs = readCatalogs(dir);
  const kinds = {};
  for (const areas of Object.values(catalogs)) {
    for (const [area, messages] of Object.entries(areas)) {
      for (const [key, text] of Object.entries(messages)) {
        const found = parametersOf(parse(text));
        kinds[area] ??= {};
        kinds[area][key] ??= new Map();
        const known = kinds[area][key];
        for (const [name, kind] of found) if (!known.has(name) || known.get(name) === 'text') known.set(name, kind);
      }
    }
  }
  const lines = [
    `// Written by scripts/message-catalogs.mjs from the catalogs in ${path.relative(root, dir)}: do not edit.`,
    '// Each area, each key, and the values its message takes (null: none).',
    'export interface MessageParams {',
  ];
  for (const area of Object.keys(catalogs[SOURCE]).sort()) {
    lines.push(`  ${area}: {`);
    for (const key of Object.keys(catalogs[SOURCE][area])) {
      const found = kinds[area][key];
      const type =
        found.size === 0
          ? 'null'
          : `{ ${[...found].map(([name, kind]) => `${name}: ${TYPE_OF_KIND[kind]}`).join('; ')} }`;
      lines.push(`    ${/^[A-Za-z_$][\w$]*$/.test(key) ? key : `'${key}'`}: ${type};`);
    }
    lines.push('  };');
  }
  lines.push('}', '');
  return lines.join('\n');
}

/** The problems of a catalog folder, its type module's included: empty when all is well. */
export function catalogProblems({ dir, types }) {
  const problems = checkCatalogs(dir);
  if (problems.length > 0) return problems;
  const current = existsSync(types) ? readFileSync(types, 'utf8') : '';
  if (current !== paramsModule(dir))
    return [`${path.relative(root, types)} is out of date: run node scripts/message-catalogs.mjs`];
  return [];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  // `--check` only reports; without it each folder's type module is written once its catalogs match.
  const checkOnly = process.argv.includes('--check');
  let failed = false;
  for (const folder of CATALOG_FOLDERS) {
    const problems = checkOnly ? catalogProblems(folder) : checkCatalogs(folder.dir);
    if (problems.length > 0) {
      console.error(problems.join('\n'));
      failed = true;
    } else if (!checkOnly) {
      writeFileSync(folder.types, paramsModule(folder.dir));
      console.log(`${path.relative(root, folder.types)} written`);
    }
  }
  if (failed) process.exit(1);
  if (checkOnly) console.log('The message catalogs match.');
}
