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
// - with an `onProgress` option, the call asks for the tool's progress
//   (a `progressToken`), and each report reaches `onProgress`;
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

/** What a watched transport keeps (see `watch`). */
const WATCH = Symbol.for("toolsmith.watch");

/**
 * The AI SDK tools of `client` (an `@ai-sdk/mcp` MCP client), whose
 * `execute` throws the text of an `isError` result and cancels the request
 * on the server when its `abortSignal` aborts.
 *
 * `options.onProgress({ toolCallId, toolName, progress, total, message })`,
 * when given, gets every progress report of every call; the other options
 * go to `client.tools(options)`.
 */
export async function toolsmithTools(client, options = {}) {
  const { onProgress, ...toolsOptions } = options;
  const tools = await client.tools(toolsOptions);
  const watched = watch(client);
  const wrapped = {};
  for (const [name, tool] of Object.entries(tools)) {
    wrapped[name] =
      typeof tool.execute === "function"
        ? { ...tool, execute: wrap(client, name, tool.execute, watched, onProgress) }
        : tool;
  }
  return wrapped;
}

/** `execute`, throwing an `isError` result's text, cancelling on abort. */
function wrap(client, toolName, execute, watched, onProgress) {
  return async (args, options) => {
    // A call's own arguments object: the transport knows its request by it.
    const call = { ...(args ?? {}) };
    const entry = { ids: [], tokens: [], toolName, toolCallId: options?.toolCallId, onProgress };
    watched?.calls.set(call, entry);
    const signal = options?.abortSignal;
    const cancel = () => {
      for (const requestId of entry.ids) {
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
      watched?.calls.delete(call);
      for (const token of entry.tokens) {
        watched?.tokens.delete(token);
      }
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
  try {
    const sending =
      typeof client.notification === "function"
        ? client.notification({ method: "notifications/cancelled", params })
        : client.transport?.send({ jsonrpc: "2.0", method: "notifications/cancelled", params });
    Promise.resolve(sending).catch(() => {});
  } catch {
    // The client is closed: there is no request left to cancel.
  }
}

/**
 * The client's transport, watched once: each `tools/call` it sends is
 * recorded against the call whose arguments it carries (its request id,
 * and a `progressToken` when the call wants progress), and the progress
 * notifications it receives for those tokens go to the call's
 * `onProgress`. `undefined` for a client that does not show its
 * transport, whose calls are then neither cancelled on the server nor
 * followed.
 */
function watch(client) {
  const transport = client.transport;
  if (transport == null || typeof transport.send !== "function") {
    return undefined;
  }
  if (transport[WATCH] != null) {
    return transport[WATCH];
  }
  const watched = { calls: new Map(), tokens: new Map(), next: 0 };
  const send = transport.send;
  transport.send = function (message, ...rest) {
    const entry =
      message != null && message.method === "tools/call"
        ? watched.calls.get(message.params?.arguments)
        : undefined;
    if (entry != null) {
      entry.ids.push(message.id);
      if (typeof entry.onProgress === "function") {
        const progressToken = `toolsmith-${watched.next++}`;
        watched.tokens.set(progressToken, entry);
        entry.tokens.push(progressToken);
        message = {
          ...message,
          params: { ...message.params, _meta: { ...message.params._meta, progressToken } },
        };
      }
    }
    return send.call(this, message, ...rest);
  };
  const receive = transport.onmessage;
  transport.onmessage = function (message, ...rest) {
    if (message != null && message.method === "notifications/progress" && !("id" in message)) {
      const entry = watched.tokens.get(message.params?.progressToken);
      if (entry != null) {
        const { progress, total, message: text } = message.params;
        try {
          entry.onProgress({ toolCallId: entry.toolCallId, toolName: entry.toolName, progress, total, message: text });
        } catch {
          // A failing listener does not fail the call.
        }
        return;
      }
    }
    return receive?.call(this, message, ...rest);
  };
  transport[WATCH] = watched;
  return watched;
}
