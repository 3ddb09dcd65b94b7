#!/usr/bin/env node
// Checks the project's YAML data against the JSON Schemas in schemas/:
//   rulesets/*/ruleset.yaml    -> schemas/ruleset.schema.json
//   rulesets/*/tables/*.yaml   -> schemas/table.schema.json
//   scenarios/**/*.yaml        -> schemas/scenario.schema.json
//   rulesets/*/house-rules/*/house.yaml -> schemas/house-rule.schema.json
//   rulesets/*/tests/*.yaml, rulesets/*/tests/pending/*.yaml, rulesets/*/house-rules/*/tests/*.yaml -> schemas/rule-tests.schema.json
//
// Usage: node tests/schemas/check-schemas.mjs [--as=ruleset|table|scenario|house-rule|rule-tests] [FILE...]
// Without files it checks everything above. A file given by hand is checked
// as a ruleset when named ruleset.yaml, as a house rule when named house.yaml,
// as a table when it sits in a tables/ folder, as rule tests in a tests/ folder, else as a scenario (or as --as says).
//
// Prints one line per problem, "file:line:column: /instance/path message",
// then "schemas: N passed, M failed". Exits 1 when any file fails, 2 when a
// schema itself is broken.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Ajv2020Module from 'ajv/dist/2020.js';
import { load, parseEvents, getScalarValue, CORE_SCHEMA, EVENT_ID } from 'js-yaml';

const Ajv2020 = Ajv2020Module.default ?? Ajv2020Module;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const KINDS = ['ruleset', 'table', 'scenario', 'house-rule', 'rule-tests'];

function compileSchemas() {
  const ajv = new Ajv2020({ strict: true, allErrors: true, allowUnionTypes: true, verbose: true });
  const validators = {};
  // Parts other schemas refer to by file name ($ref), written by `sandtable docs write`.
  for (const part of ['procedure-options']) {
    const file = path.join(root, 'schemas', `${part}.schema.json`);
    try {
      ajv.addSchema(JSON.parse(fs.readFileSync(file, 'utf8')), `${part}.schema.json`);
    } catch (e) {
      console.error(`${path.relative(process.cwd(), file)}: broken schema: ${e.message}`);
      process.exit(2);
    }
  }
  for (const kind of KINDS) {
    const file = path.join(root, 'schemas', `${kind}.schema.json`);
    try {
      validators[kind] = ajv.compile(JSON.parse(fs.readFileSync(file, 'utf8')));
    } catch (e) {
      console.error(`${path.relative(process.cwd(), file)}: broken schema: ${e.message}`);
      process.exit(2);
    }
  }
  return validators;
}

function listYaml(dir, recursive) {
  if (!fs.existsSync(dir)) return [];
  const out = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory() && recursive) out.push(...listYaml(full, true));
    else if (entry.isFile() && /\.ya?ml$/.test(entry.name)) out.push(full);
  }
  return out.sort();
}

function defaultTargets() {
  const targets = [];
  const rulesets = path.join(root, 'rulesets');
  const folders = fs.existsSync(rulesets)
    ? fs.readdirSync(rulesets, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name).sort()
    : [];
  for (const name of folders) {
    const file = path.join(rulesets, name, 'ruleset.yaml');
    if (fs.existsSync(file)) targets.push({ file, kind: 'ruleset' });
    for (const table of listYaml(path.join(rulesets, name, 'tables'), false)) targets.push({ file: table, kind: 'table' });
    for (const tests of listYaml(path.join(rulesets, name, 'tests'), false)) targets.push({ file: tests, kind: 'rule-tests' });
    for (const tests of listYaml(path.join(rulesets, name, 'tests', 'pending'), false)) targets.push({ file: tests, kind: 'rule-tests' });
    const houses = path.join(rulesets, name, 'house-rules');
    if (fs.existsSync(houses))
      for (const house of fs.readdirSync(houses, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name).sort()) {
        const houseFile = path.join(houses, house, 'house.yaml');
        if (fs.existsSync(houseFile)) targets.push({ file: houseFile, kind: 'house-rule' });
        for (const tests of listYaml(path.join(houses, house, 'tests'), false)) targets.push({ file: tests, kind: 'rule-tests' });
      }
  }
  for (const file of listYaml(path.join(root, 'scenarios'), true)) targets.push({ file, kind: 'scenario' });
  return targets;
}

function kindOf(file) {
  if (path.basename(file) === 'ruleset.yaml') return 'ruleset';
  if (path.basename(file) === 'house.yaml') return 'house-rule';
  if (path.basename(path.dirname(path.resolve(file))) === 'tables') return 'table';
  const folder = path.basename(path.dirname(path.resolve(file)));
  if (folder === 'tests' || (folder === 'pending' && path.basename(path.dirname(path.dirname(path.resolve(file)))) === 'tests')) return 'rule-tests';
  return 'scenario';
}

// JSON pointer (as in Ajv's instancePath) -> source offsets of the value and,
// for mapping entries, of the key. Built from js-yaml's event stream.
function sourcePositions(src) {
  const values = new Map();
  const keys = new Map();
  const plainScalars = new Set();
  const stack = [];
  const escape = (k) => String(k).replace(/~/g, '~0').replace(/\//g, '~1');
  // Where the node that starts now sits: its pointer, or null inside a complex key.
  function enter(offset) {
    const top = stack.at(-1);
    if (!top) {
      values.set('', offset);
      return { pointer: '', isKey: false };
    }
    if (top.pointer === null) return { pointer: null, isKey: false };
    if (top.kind === 'seq') {
      const pointer = `${top.pointer}/${top.count}`;
      values.set(pointer, offset);
      return { pointer, isKey: false };
    }
    if (top.count % 2 === 0) return { pointer: null, isKey: true };
    const pointer = `${top.pointer}/${escape(top.key)}`;
    values.set(pointer, offset);
    return { pointer, isKey: false };
  }
  function done() {
    const top = stack.at(-1);
    if (top) top.count += 1;
  }
  for (const ev of parseEvents(src, {})) {
    if (ev.type === EVENT_ID.MAPPING || ev.type === EVENT_ID.SEQUENCE) {
      const { pointer } = enter(ev.start);
      stack.push({ kind: ev.type === EVENT_ID.MAPPING ? 'map' : 'seq', pointer, count: 0, key: null });
    } else if (ev.type === EVENT_ID.SCALAR || ev.type === EVENT_ID.ALIAS) {
      const offset = ev.type === EVENT_ID.SCALAR ? ev.valueStart : ev.anchorStart;
      const { pointer, isKey } = enter(offset);
      const top = stack.at(-1);
      if (isKey) {
        top.key = ev.type === EVENT_ID.SCALAR ? getScalarValue(src, ev) : '*';
        if (top.pointer !== null) keys.set(`${top.pointer}/${escape(top.key)}`, offset);
      } else if (pointer !== null && ev.type === EVENT_ID.SCALAR && ev.style === 1) {
        plainScalars.add(pointer);
      }
      done();
    } else if (ev.type === EVENT_ID.POP) {
      if (stack.length) {
        const top = stack.pop();
        // A complex key (a collection used as a key) leaves the map expecting its value.
        if (stack.length && stack.at(-1).pointer !== null && top.pointer === null && stack.at(-1).kind === 'map' && stack.at(-1).count % 2 === 0) {
          stack.at(-1).key = '?';
        }
        done();
      }
    }
  }
  return { values, keys, plainScalars };
}

function lineColumn(src, offset) {
  if (offset === undefined || offset < 0) return '';
  let line = 1;
  let start = 0;
  for (let i = 0; i < offset && i < src.length; ++i) {
    if (src[i] === '\n') {
      line += 1;
      start = i + 1;
    }
  }
  return `${line}:${offset - start + 1}`;
}

function describe(err, positions, data) {
  const at = err.instancePath || '/';
  let message = err.message;
  let offset = positions.values.get(err.instancePath);
  const child = (name) => `${err.instancePath}/${String(name).replace(/~/g, '~0').replace(/\//g, '~1')}`;
  if (err.propertyName !== undefined) {
    // An error inside propertyNames: it is about a key, not a value.
    return { at, message: `key '${err.propertyName}' ${message}`, offset: positions.keys.get(child(err.propertyName)) ?? offset };
  }
  switch (err.keyword) {
    case 'additionalProperties':
    case 'unevaluatedProperties': {
      const name = err.params.additionalProperty ?? err.params.unevaluatedProperty;
      message = `unknown key '${name}'`;
      offset = positions.keys.get(child(name)) ?? offset;
      break;
    }
    case 'required':
      message = `missing key '${err.params.missingProperty}'`;
      break;
    case 'enum':
      message += `: ${err.params.allowedValues.map((v) => JSON.stringify(v)).join(', ')}`;
      break;
    case 'oneOf':
    case 'anyOf':
      if (err.parentSchema?.description) message = `does not fit: ${err.parentSchema.description}`;
      break;
    case 'const':
      message += `: ${JSON.stringify(err.params.allowedValue)}`;
      break;
    case 'type': {
      const types = Array.isArray(err.params.type) ? err.params.type : String(err.params.type).split(',');
      message = `must be ${types.length > 1 ? `${types.slice(0, -1).join(', ')} or ${types.at(-1)}` : types[0]}`;
      const value = instanceAt(data, err.instancePath);
      if (err.params.type === 'string' && typeof value === 'number' && positions.plainScalars.has(err.instancePath))
        message += ` (YAML read this as the number ${value}: quote it, e.g. "0305")`;
      break;
    }
    default:
      break;
  }
  return { at, message, offset };
}

function instanceAt(data, pointer) {
  if (!pointer) return data;
  let node = data;
  for (const part of pointer.split('/').slice(1)) {
    if (node === null || typeof node !== 'object') return undefined;
    node = node[part.replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  return node;
}

// Ajv reports a failed oneOf/anyOf once per alternative plus once for the
// choice. Keep the choice (described by its schema's description) unless an
// alternative failed deeper inside the value, which is then the better hint.
// "must match then schema" and "property name must be valid" only repeat the
// errors found inside them.
function simplify(all) {
  const under = (e, c) => e !== c && e.schemaPath.startsWith(`${c.schemaPath}/`);
  const choices = all.filter((e) => e.keyword === 'oneOf' || e.keyword === 'anyOf');
  const keep = all.filter((e) => !choices.some((c) => under(e, c) && e.instancePath === c.instancePath));
  return keep.filter((e) => {
    if (e.keyword === 'if' || e.keyword === 'propertyNames') return keep.every((o) => o.keyword === e.keyword);
    if (e.keyword === 'oneOf' || e.keyword === 'anyOf') return !keep.some((o) => under(o, e));
    return true;
  });
}

function checkFile({ file, kind }, validators) {
  const relative = path.relative(process.cwd(), file);
  const shown = relative && !relative.startsWith('..') ? relative : file;
  let src;
  let data;
  try {
    src = fs.readFileSync(file, 'utf8');
    data = load(src, { schema: CORE_SCHEMA, filename: shown });
  } catch (e) {
    const where = e.mark ? `:${e.mark.line + 1}:${e.mark.column + 1}` : '';
    console.log(`${shown}${where}: ${e.reason ?? e.message}`);
    return false;
  }
  const validate = validators[kind];
  if (validate(data)) return true;
  const positions = sourcePositions(src);
  const errors = simplify(validate.errors);
  const seen = new Set();
  for (const err of errors) {
    const { at, message, offset } = describe(err, positions, data);
    const where = lineColumn(src, offset);
    const line = `${shown}${where ? `:${where}` : ''}: ${at} ${message}`;
    if (!seen.has(line)) {
      seen.add(line);
      console.log(line);
    }
  }
  return false;
}

function main(argv) {
  let forced = null;
  const files = [];
  for (const arg of argv) {
    if (arg.startsWith('--as=')) {
      forced = arg.slice(5);
      if (!KINDS.includes(forced)) {
        console.error(`--as must be one of ${KINDS.join(', ')}`);
        return 2;
      }
    } else if (arg === '-h' || arg === '--help') {
      console.log('usage: node tests/schemas/check-schemas.mjs [--as=ruleset|table|scenario|house-rule] [FILE...]');
      return 0;
    } else {
      files.push(arg);
    }
  }
  const validators = compileSchemas();
  const targets = files.length ? files.map((f) => ({ file: path.resolve(f), kind: forced ?? kindOf(f) })) : defaultTargets();
  let passed = 0;
  let failed = 0;
  for (const target of targets) {
    if (checkFile(target, validators)) passed += 1;
    else failed += 1;
  }
  console.log(`schemas: ${passed} passed, ${failed} failed`);
  return failed ? 1 : 0;
}

process.exitCode = main(process.argv.slice(2));
