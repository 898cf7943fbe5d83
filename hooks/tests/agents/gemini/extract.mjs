// Reads the Gemini CLI's hook contract out of the installed
// @google/gemini-cli-core's declarations (dist/src/hooks/types.d.ts) with
// the TypeScript compiler API, and prints it as JSON:
//
//   { "events": ["BeforeTool", …],
//     "inputs": { "BeforeTool": { "tool_name": { "required": true, "types": ["string"] }, … } } }
//
// `types` are JSON types (string, number, boolean, null, array, object;
// `any` for unknown), `values` the string values of an enum or a union of
// string literals. An event's input is the interface `<Event>Input`.
//
// Usage: node extract.mjs <node_modules dir>

import path from 'node:path';
import { createRequire } from 'node:module';

const modules = path.resolve(process.argv[2]);
const require = createRequire(path.join(modules, 'typescript', 'package.json'));
const ts = require('typescript');
const file = path.join(modules, '@google', 'gemini-cli-core', 'dist', 'src', 'hooks', 'types.d.ts');

const program = ts.createProgram([file], {
  strict: true,
  noEmit: true,
  skipLibCheck: true,
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
});
const checker = program.getTypeChecker();
const source = program.getSourceFile(file);
if (!source) throw new Error(`cannot read ${file}`);

const declared = new Map();
ts.forEachChild(source, (node) => {
  if ((ts.isInterfaceDeclaration(node) || ts.isEnumDeclaration(node)) && node.name) {
    declared.set(node.name.text, node);
  }
});

function jsonTypes(type, types, values) {
  if (type.isUnion()) {
    for (const part of type.types) jsonTypes(part, types, values);
    return;
  }
  const flags = type.flags;
  if (flags & (ts.TypeFlags.Any | ts.TypeFlags.Unknown)) types.add('any');
  else if (flags & ts.TypeFlags.Undefined) return;
  else if (flags & ts.TypeFlags.Null) types.add('null');
  else if (flags & ts.TypeFlags.StringLiteral) {
    types.add('string');
    values.add(type.value);
  } else if (flags & (ts.TypeFlags.String | ts.TypeFlags.TemplateLiteral)) types.add('string');
  else if (flags & (ts.TypeFlags.Number | ts.TypeFlags.NumberLiteral)) types.add('number');
  else if (flags & (ts.TypeFlags.Boolean | ts.TypeFlags.BooleanLiteral)) types.add('boolean');
  else if (checker.isArrayType(type) || checker.isTupleType(type)) types.add('array');
  else if (flags & ts.TypeFlags.Object) types.add('object');
  else types.add(`unknown:${checker.typeToString(type)}`);
}

const enumNode = declared.get('HookEventName');
if (!enumNode) throw new Error('no HookEventName enum');
const events = enumNode.members.map((member) => member.initializer.text);

const inputs = {};
for (const event of events) {
  const node = declared.get(`${event}Input`);
  if (!node) continue;
  const type = checker.getTypeAtLocation(node.name);
  const fields = {};
  for (const symbol of checker.getPropertiesOfType(type)) {
    const types = new Set();
    const values = new Set();
    jsonTypes(checker.getTypeOfSymbolAtLocation(symbol, node), types, values);
    const field = {
      required: (symbol.flags & ts.SymbolFlags.Optional) === 0,
      types: [...types].sort(),
    };
    if (values.size > 0) field.values = [...values].sort();
    fields[symbol.name] = field;
  }
  inputs[event] = fields;
}

console.log(JSON.stringify({ events, inputs }, null, 2));
