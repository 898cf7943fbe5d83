// The tools of a toolsmith MCP server for the AI SDK: `toolsmithTools(client)`
// takes an `@ai-sdk/mcp` client and returns its AI SDK tools (`await
// client.tools()`), each one's `execute` wrapped so that:
//
// - a result marked `isError` (toolsmith's lines for a bad call, `TOOL failed:
//   …` when the function fails) is thrown as a `ToolsmithToolError` whose
//   message is the result's text, so the AI SDK reports a tool error (a
//   `tool-error` part) and the model reads exactly those lines as an error;
// - an abort of the call's `abortSignal` also tells the server, with
//   `notifications/cancelled` for the request, so the tool stops;
// - everything else (the options, the result, `toModelOutput`, the metadata)
//   passes through unchanged.
//
// Made by the `ai-sdk-tools` command of a toolsmith program; it imports
// nothing.
//
//   import { toolsmithTools } from "./toolsmith-tools.mjs";
//   const client = await createMCPClient({ transport: new Experimental_StdioMCPTransport({ command: "PROGRAM", args: ["mcp"] }) });
//   const result = await generateText({ model, tools: await toolsmithTools(client), prompt });

/** The names of the tools the program serves, as it listed them. */
export const toolNames = Object.freeze(/* tool names */);

/**
 * The error an `isError` result is thrown as: its `message` is the result's
 * text (one line per text block), its `result` the result itself. It reads
 * as its message alone, which is the text the AI SDK hands the model.
 */
export class ToolsmithToolError extends Error {
  constructor(message, result) {
    super(message);
    this.name = "ToolsmithToolError";
    this.result = result;
  }

  toString() {
    return this.message;
  }
}

/** What a patched transport keeps: the request ids sent for each call's arguments. */
const SENT = Symbol.for("toolsmith.sentCalls");

/**
 * The AI SDK tools of `client` (an `@ai-sdk/mcp` MCP client), whose
 * `execute` throws the text of an `isError` result and cancels the request
 * on the server when its `abortSignal` aborts. `options` go to
 * `client.tools(options)`.
 */
export async function toolsmithTools(client, options) {
  const tools = await client.tools(options);
  const sent = watchCalls(client);
  const wrapped = {};
  for (const [name, tool] of Object.entries(tools)) {
    wrapped[name] =
      typeof tool.execute === "function"
        ? { ...tool, execute: throwingErrors(client, tool.execute, sent) }
        : tool;
  }
  return wrapped;
}

/** `execute`, throwing an `isError` result's text, cancelling on abort. */
function throwingErrors(client, execute, sent) {
  return async (args, options) => {
    // A call's own arguments object: the transport knows its request by it.
    const call = { ...(args ?? {}) };
    const ids = [];
    sent?.set(call, ids);
    const signal = options?.abortSignal;
    const cancel = () => {
      for (const requestId of ids) {
        cancelled(client, requestId, signal.reason);
      }
    };
    signal?.addEventListener("abort", cancel, { once: true });
    try {
      const result = await execute(call, options);
      if (result != null && result.isError === true) {
        throw new ToolsmithToolError(errorText(result), result);
      }
      return result;
    } finally {
      signal?.removeEventListener("abort", cancel);
      sent?.delete(call);
    }
  };
}

/** The text of an error result: its text blocks, one line each. */
function errorText(result) {
  const texts = (Array.isArray(result.content) ? result.content : [])
    .filter((block) => block != null && block.type === "text" && typeof block.text === "string")
    .map((block) => block.text);
  return texts.length > 0 ? texts.join("\n") : JSON.stringify(result.content ?? result);
}

/** Tells the server the request `requestId` is cancelled; a failure to say so is ignored. */
function cancelled(client, requestId, reason) {
  const params = { requestId };
  if (typeof reason === "string") {
    params.reason = reason;
  } else if (reason instanceof Error && reason.message) {
    params.reason = reason.message;
  }
  const message = { jsonrpc: "2.0", method: "notifications/cancelled", params };
  try {
    const sending =
      typeof client.notification === "function"
        ? client.notification({ method: message.method, params })
        : client.transport?.send(message);
    Promise.resolve(sending).catch(() => {});
  } catch {
    // The client is closed: there is no request left to cancel.
  }
}

/**
 * The calls' request ids, recorded as the client's transport sends each
 * `tools/call` (once per transport); `undefined` for a client that does not
 * show its transport, whose calls are then not cancelled on the server.
 */
function watchCalls(client) {
  const transport = client.transport;
  if (transport == null || typeof transport.send !== "function") {
    return undefined;
  }
  if (transport[SENT] != null) {
    return transport[SENT];
  }
  const sent = new Map();
  const send = transport.send;
  transport.send = function (message, ...rest) {
    if (message != null && message.method === "tools/call") {
      sent.get(message.params?.arguments)?.push(message.id);
    }
    return send.call(this, message, ...rest);
  };
  transport[SENT] = sent;
  return sent;
}
