// The tools of __PROGRAM__ as a Pi and OMP extension, made by toolsmith's
// `pi-extension`: `pi -e FILE` or `omp -e FILE`, or the file put in
// `.pi/extensions/` or `.omp/extensions/`. Node built-ins only.
//
// Every tool is registered with its JSON Schema as it is. Both hosts check a
// call against the schema before the tool runs and answer a miss in their own
// words, so the arguments are checked here first: a cheap check of the schema
// in this module, and, only when it cannot vouch for the call, toolsmith's own
// (`PROGRAM check TOOL`, synchronously). A bad call is thrown as toolsmith's
// lines, joined by newlines; a repaired one goes on repaired. Pi asks in
// `prepareArguments`; OMP, which has none, hands the raw arguments to
// `execute` (`lenientArgValidation`), which checks them there.
//
// Calls go to one `PROGRAM mcp` child over standard input and output, started
// on the first call and stopped when the session ends. The host's `signal`
// cancels a call, the tool's progress goes to `onUpdate`, a failure is thrown
// (in Pi only a thrown error is an error), and a tool's question to the user
// is asked through the host's dialogs where it has them.

import { spawn, spawnSync } from "node:child_process";
import { createInterface } from "node:readline";

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Schema = { [key: string]: any } | boolean;

interface ToolInfo {
  name: string;
  label: string;
  description: string;
  snippet: string;
  parameters: Schema;
  readOnly: boolean;
  destructive: boolean;
}

/** The program and the arguments before its subcommand. */
const COMMAND: string[] = __COMMAND__;
/** The program's validate-only subcommand (`null`: it has none). */
const CHECK: string | null = __CHECK__;
/** The program's MCP subcommand. */
const MCP: string = __MCP__;
const TOOLS: ToolInfo[] = __TOOLS__;

/** OMP runs on Bun; Pi on Node. */
const OMP = typeof (globalThis as any).Bun !== "undefined";
const PROTOCOL = "2025-06-18";

// Keywords that only describe: the cheap check passes over them.
const NOTES = new Set([
  "title", "description", "default", "examples", "deprecated", "readOnly",
  "writeOnly", "$schema", "$id", "$comment", "format",
]);
const CHECKED = new Set([
  "type", "enum", "const", "properties", "required", "additionalProperties",
  "items", "minLength", "maxLength", "minimum", "maximum", "exclusiveMinimum",
  "exclusiveMaximum", "minItems", "maxItems", "pattern",
]);

function typeOf(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  return typeof value === "object" ? "object" : typeof value;
}

function isType(value: unknown, type: string): boolean {
  const actual = typeOf(value);
  if (type === "integer") return actual === "number" && Number.isInteger(value);
  return actual === type;
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * Whether `value` surely passes `schema`. `false` when it fails or when the
 * schema says more than this check reads (`anyOf`, `$ref`, `format`, ...):
 * toolsmith then decides.
 */
function vouch(schema: Schema, value: unknown): boolean {
  if (schema === true) return true;
  if (schema === false || typeof schema !== "object" || schema === null) return false;
  for (const key of Object.keys(schema)) {
    if (!CHECKED.has(key) && !NOTES.has(key)) return false;
  }
  if ("format" in schema) return false;
  if (schema.type !== undefined) {
    const types: string[] = Array.isArray(schema.type) ? schema.type : [schema.type];
    if (!types.some((type) => isType(value, type))) return false;
  }
  if (schema.enum !== undefined && !schema.enum.some((item: unknown) => same(item, value))) {
    return false;
  }
  if ("const" in schema && !same(schema.const, value)) return false;
  if (typeof value === "string") {
    const length = [...value].length;
    if (schema.minLength !== undefined && length < schema.minLength) return false;
    if (schema.maxLength !== undefined && length > schema.maxLength) return false;
    if (schema.pattern !== undefined) {
      try {
        if (!new RegExp(schema.pattern, "u").test(value)) return false;
      } catch {
        return false;
      }
    }
  }
  if (typeof value === "number") {
    if (schema.minimum !== undefined && value < schema.minimum) return false;
    if (schema.maximum !== undefined && value > schema.maximum) return false;
    if (schema.exclusiveMinimum !== undefined && value <= schema.exclusiveMinimum) return false;
    if (schema.exclusiveMaximum !== undefined && value >= schema.exclusiveMaximum) return false;
  }
  if (Array.isArray(value)) {
    if (schema.minItems !== undefined && value.length < schema.minItems) return false;
    if (schema.maxItems !== undefined && value.length > schema.maxItems) return false;
    if (schema.items !== undefined && !value.every((item) => vouch(schema.items, item))) {
      return false;
    }
  } else if (typeOf(value) === "object") {
    const object = value as { [key: string]: unknown };
    const properties: { [key: string]: Schema } = schema.properties ?? {};
    for (const key of schema.required ?? []) {
      if (!(key in object)) return false;
    }
    for (const [key, item] of Object.entries(object)) {
      if (key in properties) {
        if (!vouch(properties[key], item)) return false;
      } else if (schema.additionalProperties !== undefined) {
        if (!vouch(schema.additionalProperties, item)) return false;
      }
    }
  }
  return true;
}

/** A call's arguments as toolsmith takes them, or its lines thrown. */
function checked(tool: ToolInfo, args: unknown): any {
  const given = args === undefined || args === null ? {} : args;
  if (vouch(tool.parameters, given) || CHECK === null) return given;
  const ran = spawnSync(COMMAND[0], [...COMMAND.slice(1), CHECK, tool.name], {
    input: JSON.stringify(given),
    encoding: "utf8",
    windowsHide: true,
  });
  if (ran.status === 0) return JSON.parse(ran.stdout);
  const lines = (ran.stdout ?? "").trimEnd();
  if (ran.status === 2 && lines !== "") throw new Error(lines);
  const why = ran.error?.message ?? (ran.stderr ?? "").trim().split("\n")[0];
  throw new Error(`${tool.name} failed: cannot check the arguments: ${why}`);
}

interface Pending {
  resolve(result: any): void;
  reject(error: Error): void;
  onUpdate?: (update: any) => void;
  ctx?: any;
}

/** The one `PROGRAM mcp` child, started on the first call. */
class Server {
  private child: ReturnType<typeof spawn> | null = null;
  private ready: Promise<void> | null = null;
  private nextId = 1;
  private pending = new Map<number, Pending>();
  private lastCtx: any = undefined;

  private start(): Promise<void> {
    const child = spawn(COMMAND[0], [...COMMAND.slice(1), MCP], {
      stdio: ["pipe", "pipe", "inherit"],
      windowsHide: true,
    });
    this.child = child;
    const lines = createInterface({ input: child.stdout! });
    lines.on("line", (line) => this.receive(line));
    const stopped = (why: string) => {
      if (this.child !== child) return;
      this.child = null;
      this.ready = null;
      const error = new Error(`${COMMAND[0]} ${MCP} stopped: ${why}`);
      for (const call of this.pending.values()) call.reject(error);
      this.pending.clear();
    };
    child.on("error", (error) => stopped(error.message));
    child.on("exit", (code, signal) => stopped(signal ?? `exit code ${code}`));
    child.stdin!.on("error", () => {});
    this.hold();
    return this.request("initialize", {
      protocolVersion: PROTOCOL,
      capabilities: { elicitation: {} },
      clientInfo: { name: "toolsmith-pi-extension", version: "1" },
    }).then(() => this.send({ jsonrpc: "2.0", method: "notifications/initialized" }));
  }

  /** The child keeps the host alive only while a call waits on it. */
  private hold() {
    const child = this.child as any;
    if (!child) return;
    const busy = this.pending.size > 0;
    for (const handle of [child, child.stdout, child.stdin]) {
      if (busy) handle?.ref?.();
      else handle?.unref?.();
    }
  }

  private send(message: object) {
    this.child?.stdin!.write(JSON.stringify(message) + "\n");
  }

  private request(method: string, params: object, call?: Partial<Pending>): Promise<any> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject, ...call });
      this.hold();
      this.send({ jsonrpc: "2.0", id, method, params });
    }).finally(() => {
      this.pending.delete(id);
      this.hold();
    });
  }

  private receive(line: string) {
    let message: any;
    try {
      message = JSON.parse(line);
    } catch {
      return;
    }
    if (message.method !== undefined && message.id !== undefined) {
      this.answer(message);
    } else if (message.method === "notifications/progress") {
      const { progressToken, progress, total, message: text } = message.params ?? {};
      const call = this.pending.get(progressToken);
      const shown = text ?? (total === undefined ? `${progress}` : `${progress}/${total}`);
      call?.onUpdate?.({
        content: [{ type: "text", text: shown }],
        details: { progress, total, message: text },
      });
    } else if (message.id !== undefined) {
      const call = this.pending.get(message.id);
      if (message.error) call?.reject(new Error(message.error.message));
      else call?.resolve(message.result);
    }
  }

  /** A request of the server's: a question for the user, or a ping. */
  private async answer(request: any) {
    const reply = (body: object) => this.send({ jsonrpc: "2.0", id: request.id, ...body });
    if (request.method === "ping") return reply({ result: {} });
    if (request.method !== "elicitation/create") {
      return reply({ error: { code: -32601, message: `no method ${request.method}` } });
    }
    const ctx = this.lastCtx;
    if (!ctx?.hasUI || !ctx.ui) {
      return reply({ error: { code: -32603, message: "no one to ask: the session has no UI" } });
    }
    try {
      reply({ result: await ask(ctx.ui, request.params ?? {}) });
    } catch (error) {
      reply({ error: { code: -32603, message: String(error) } });
    }
  }

  async call(name: string, args: any, signal: AbortSignal | undefined, onUpdate: any, ctx: any) {
    this.lastCtx = ctx;
    if (!this.child) this.ready = this.start();
    await this.ready;
    if (signal?.aborted) throw new Error("cancelled");
    const id = this.nextId;
    // The call ends at once; the server, told, cancels the tool and
    // sends no answer.
    const abort = () => {
      this.send({
        jsonrpc: "2.0",
        method: "notifications/cancelled",
        params: { requestId: id, reason: "cancelled by the user" },
      });
      this.pending.get(id)?.reject(new Error("cancelled"));
    };
    signal?.addEventListener("abort", abort, { once: true });
    try {
      return await this.request(
        "tools/call",
        { name, arguments: args, _meta: { progressToken: id } },
        { onUpdate, ctx },
      );
    } finally {
      signal?.removeEventListener("abort", abort);
    }
  }

  stop() {
    const child = this.child;
    this.child = null;
    this.ready = null;
    if (!child) return;
    child.stdin!.end();
    child.kill();
  }
}

/** Asks the user for the fields of an MCP elicitation, one dialog each. */
async function ask(ui: any, params: any): Promise<object> {
  const schema = params.requestedSchema ?? {};
  const content: { [key: string]: Json } = {};
  for (const [key, field] of Object.entries<any>(schema.properties ?? {})) {
    const label = field.title ?? field.description ?? key;
    const title = `${params.message ?? ""}\n${label}`.trim();
    const options: string[] | undefined =
      field.enum ?? field.oneOf?.map((option: any) => option.const) ?? field.items?.enum;
    let value: any;
    if (field.type === "boolean") {
      value = await ui.confirm(params.message ?? label, label);
    } else if (options) {
      value = await ui.select(title, options);
      if (value !== undefined && field.type === "array") value = [value];
    } else {
      value = await ui.input(title, field.default === undefined ? "" : String(field.default));
      if (value !== undefined && (field.type === "number" || field.type === "integer")) {
        value = Number(value);
      }
    }
    if (value === undefined) return { action: "cancel" };
    content[key] = value;
  }
  return { action: "accept", content };
}

/** An MCP result's content as Pi's. */
function content(blocks: any[]): any[] {
  return (blocks ?? []).map((block) => {
    if (block.type === "text") return { type: "text", text: block.text };
    if (block.type === "image") return { type: "image", data: block.data, mimeType: block.mimeType };
    if (block.type === "resource") return { type: "text", text: block.resource?.text ?? block.resource?.uri ?? "" };
    return { type: "text", text: `[${block.type}]` };
  });
}

function texts(blocks: any[]): string {
  return (blocks ?? []).filter((block) => block.type === "text").map((block) => block.text).join("\n");
}

export default function (pi: any) {
  const server = new Server();
  const stop = () => server.stop();
  process.once("exit", stop);
  pi.on("session_shutdown", () => {
    process.removeListener("exit", stop);
    stop();
  });
  for (const tool of TOOLS) {
    pi.registerTool({
      name: tool.name,
      label: tool.label,
      description: tool.description,
      promptSnippet: tool.snippet,
      parameters: tool.parameters,
      // OMP: offered to the model as it is, and given the raw arguments
      // when its own validator refuses them.
      loadMode: "essential",
      lenientArgValidation: true,
      approval: tool.readOnly ? "read" : "write",
      // Pi: toolsmith answers before Pi's validator.
      prepareArguments: (args: unknown) => checked(tool, args),
      async execute(_id: string, params: unknown, signal: AbortSignal, onUpdate: any, ctx: any) {
        const args = checked(tool, params);
        if (!OMP && tool.destructive && ctx?.hasUI) {
          const allowed = await ctx.ui.confirm(tool.label, `Run ${tool.name}? It may destroy data.`);
          if (!allowed) throw new Error(`${tool.name} was not allowed to run`);
        }
        const result = await server.call(tool.name, args, signal, onUpdate, ctx);
        if (result.isError) throw new Error(texts(result.content));
        return {
          content: content(result.content),
          details: result.structuredContent ?? {},
        };
      },
    });
  }
}
