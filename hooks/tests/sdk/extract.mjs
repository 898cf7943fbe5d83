// Reads the hook contract out of the installed Agent SDK's type
// declarations with the TypeScript compiler API, and prints it as JSON:
//
//   { "events": ["PreToolUse", …],
//     "toolNames": ["Agent", "Bash", …],
//     "inputs": { "PreToolUseHookInput": { "event": "PreToolUse", "fields": { … } } },
//     "tools":  { "BashInput": { "open": false, "fields": { … } } } }
//
// Each field is `{ "required": bool, "types": [..], "values": [..]? }`:
// `types` are JSON types (string, number, boolean, null, array, object;
// `any` for unknown), `values` the string literals of a string union.
// Fields of nested objects are named by path: `effort.level`,
// `tool_calls[].tool_name`.
//
// Usage: node extract.mjs <node_modules dir>

import path from 'node:path';
import { createRequire } from 'node:module';

const modules = path.resolve(process.argv[2]);
const require = createRequire(path.join(modules, 'typescript', 'package.json'));
const ts = require('typescript');
const sdk = path.join(modules, '@anthropic-ai', 'claude-agent-sdk');
const files = [path.join(sdk, 'sdk.d.ts'), path.join(sdk, 'sdk-tools.d.ts')];

const program = ts.createProgram(files, {
  strict: true,
  noEmit: true,
  skipLibCheck: true,
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
});
const checker = program.getTypeChecker();

function declarations(file) {
  const source = program.getSourceFile(file);
  if (!source) throw new Error(`cannot read ${file}`);
  const found = new Map();
  ts.forEachChild(source, (node) => {
    if (
      (ts.isTypeAliasDeclaration(node) || ts.isInterfaceDeclaration(node) ||
        ts.isVariableStatement(node))
    ) {
      if (ts.isVariableStatement(node)) {
        for (const decl of node.declarationList.declarations) found.set(decl.name.getText(source), decl);
      } else {
        found.set(node.name.text, node);
      }
    }
  });
  return found;
}

const MAX_DEPTH = 4;

/** The JSON types a TypeScript type admits. */
function jsonTypes(type) {
  const out = new Set();
  const add = (t) => {
    const f = t.flags;
    if (f & (ts.TypeFlags.Unknown | ts.TypeFlags.Any)) out.add('any');
    else if (f & ts.TypeFlags.Undefined) return;
    else if (f & ts.TypeFlags.Null) out.add('null');
    else if (f & ts.TypeFlags.StringLike) out.add('string');
    else if (f & ts.TypeFlags.NumberLike) out.add('number');
    else if (f & ts.TypeFlags.BooleanLike) out.add('boolean');
    else if (checker.isArrayType(t) || checker.isTupleType(t)) out.add('array');
    else if (f & ts.TypeFlags.Object || f & ts.TypeFlags.NonPrimitive) out.add('object');
    else out.add('any');
  };
  if (type.isUnion()) type.types.forEach(add);
  else add(type);
  return [...out].sort();
}

/** The string literals of a union of string literals (null and undefined aside). */
function stringValues(type) {
  const members = (type.isUnion() ? type.types : [type]).filter(
    (t) => !(t.flags & (ts.TypeFlags.Null | ts.TypeFlags.Undefined)),
  );
  if (members.length === 0 || !members.every((t) => t.isStringLiteral())) return undefined;
  return members.map((t) => t.value).sort();
}

/** The object type whose fields a value of `type` has, if there is one. */
function objectShape(type) {
  const members = (type.isUnion() ? type.types : [type]).filter(
    (t) => !(t.flags & (ts.TypeFlags.Null | ts.TypeFlags.Undefined)),
  );
  const elements = [];
  for (const t of members) {
    if (checker.isArrayType(t)) elements.push(checker.getTypeArguments(t)[0]);
    else if (checker.isTupleType(t)) elements.push(...checker.getTypeArguments(t));
    else elements.push(t);
  }
  const objects = elements.filter(
    (t) => t.flags & ts.TypeFlags.Object && !checker.isArrayType(t) && !checker.isTupleType(t) &&
      checker.getPropertiesOfType(t).length > 0,
  );
  if (objects.length === 0 || objects.length !== elements.length) return undefined;
  const names = (t) => checker.getPropertiesOfType(t).map((p) => p.name).sort().join(',');
  if (!objects.every((t) => names(t) === names(objects[0]))) return undefined;
  const isArray = members.some((t) => checker.isArrayType(t) || checker.isTupleType(t));
  return { type: objects[0], isArray };
}

function fieldsOf(type, node, prefix, depth, out) {
  for (const prop of checker.getPropertiesOfType(type)) {
    const name = prefix + prop.name;
    const propType = checker.getTypeOfSymbolAtLocation(prop, node);
    const field = {
      required: (prop.flags & ts.SymbolFlags.Optional) === 0,
      types: jsonTypes(propType),
    };
    const values = stringValues(propType);
    if (values) field.values = values;
    out[name] = field;
    const shape = depth < MAX_DEPTH ? objectShape(propType) : undefined;
    if (shape && !checker.getIndexInfosOfType(shape.type).length) {
      fieldsOf(shape.type, node, `${name}${shape.isArray ? '[]' : ''}.`, depth + 1, out);
    }
  }
  return out;
}

const sdkDecls = declarations(files[0]);
const toolDecls = declarations(files[1]);

// HOOK_EVENTS: a readonly tuple of string literals.
const eventsDecl = sdkDecls.get('HOOK_EVENTS');
const eventsType = checker.getTypeAtLocation(eventsDecl.name);
const events = checker.getTypeArguments(eventsType).map((t) => t.value);

// BUILTIN_TOOL_NAMES: the names of built-in tools, as matchers spell them.
const toolNamesDecl = sdkDecls.get('BUILTIN_TOOL_NAMES');
const toolNames = checker
  .getTypeArguments(checker.getTypeAtLocation(toolNamesDecl.name))
  .map((t) => t.value);

const inputs = {};
for (const [name, decl] of sdkDecls) {
  if (!name.endsWith('HookInput') || name === 'BaseHookInput' || name === 'HookInput') continue;
  const type = checker.getTypeAtLocation(decl.name);
  const fields = fieldsOf(type, decl, '', 0, {});
  const event = fields.hook_event_name?.values?.[0];
  delete fields.hook_event_name;
  inputs[name] = { event, fields };
}

// The members of ToolInputSchemas, ToolOutputSchemas aside.
const tools = {};
const union = toolDecls.get('ToolInputSchemas');
for (const member of union.type.types) {
  const name = member.getText();
  if (name === 'ToolOutputSchemas') continue;
  const decl = toolDecls.get(name);
  const type = checker.getTypeAtLocation(decl.name);
  const open = checker.getIndexInfosOfType(type).length > 0;
  tools[name] = { open, fields: fieldsOf(type, decl, '', 0, {}) };
}

process.stdout.write(JSON.stringify({ events, toolNames, inputs, tools }, null, 1));
