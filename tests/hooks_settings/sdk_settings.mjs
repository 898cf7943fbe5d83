// Reads the SDK's `Settings['hooks']` type with the TypeScript compiler
// API and prints, as JSON, what the hooks settings lint must agree with:
// the event keys (when the type names them), the SDK's `HookEvent` union,
// the matcher group's fields, and each handler type's fields.
//
// node sdk_settings.mjs <dir with node_modules> <path to sdk.d.ts>

import { createRequire } from 'node:module';
import path from 'node:path';

const [installDir, declarations] = process.argv.slice(2);
const require = createRequire(path.join(installDir, 'package.json'));
const ts = require('typescript');

const program = ts.createProgram([declarations], {
  noEmit: true,
  strict: true,
  skipLibCheck: true,
  types: [],
});
const checker = program.getTypeChecker();
const source = program.getSourceFile(declarations);
const exported = checker.getExportsOfModule(checker.getSymbolAtLocation(source));
const named = (name) => {
  const symbol = exported.find((s) => s.name === name);
  if (!symbol) throw new Error(`sdk.d.ts exports no ${name}`);
  return checker.getDeclaredTypeOfSymbol(symbol);
};

const typeOf = (symbol) => checker.getNonNullableType(checker.getTypeOfSymbolAtLocation(symbol, source));
const fields = (type) =>
  Object.fromEntries(
    type.getProperties().map((p) => [p.name, (p.flags & ts.SymbolFlags.Optional) !== 0 ? 'optional' : 'required']),
  );
const literals = (type) => (type.isUnion() ? type.types : [type]).map((t) => t.value);

const hooks = typeOf(named('Settings').getProperty('hooks'));
const index = checker.getIndexInfosOfType(hooks).find((info) => info.keyType.flags & ts.TypeFlags.String);
const explicitKeys = hooks.getProperties().map((p) => p.name);
const groups = index ? index.type : typeOf(hooks.getProperties()[0]);
const group = checker.getNonNullableType(groups.getNumberIndexType());
const handlers = typeOf(group.getProperty('hooks')).getNumberIndexType();

const result = {
  eventKeys: explicitKeys.length > 0 ? explicitKeys : null,
  stringIndex: Boolean(index),
  hookEvents: literals(named('HookEvent')),
  group: fields(group),
  handlers: Object.fromEntries(
    (handlers.isUnion() ? handlers.types : [handlers]).map((handler) => [
      literals(typeOf(handler.getProperty('type')))[0],
      fields(handler),
    ]),
  ),
};
console.log(JSON.stringify(result, null, 2));
