// Drives toolsmith's example MCP server from the AI SDK: `createMCPClient`
// over stdio or Streamable HTTP, the tools of `toolsmithTools(client)` (the
// module `ai-sdk-tools` printed), and `generateText` with a scripted model
// (`MockLanguageModelV4`) that makes the calls of the scenario. Prints one
// JSON object on stdout: the tools the model was offered, and for each tool
// call the part the AI SDK made of it (`tool-result` or `tool-error`) and
// the tool message the model read next.
//
//   node driver.mjs MODULE SCENARIO.json
//
// The scenario: `transport` (`{"type": "stdio", "command", "args"}` or
// `{"type": "http", "url"}`), and either `calls` (`[{toolName, input}]`,
// one model turn each) or `cancel` (`{toolName, input, log}`: the call is
// aborted once `log` holds `started`, and the driver waits until it holds
// `cancelled`); with `elicit` (an `ElicitResult`), the client declares
// elicitation and answers every question with it, and `asked` is the last
// question's message; with `progress: true`, `toolsmithTools` gets an
// `onProgress`, and `progress` lists every report it received; with
// `raw: true`, the tools are `client.tools()`'s own, not wrapped.

import { readFileSync } from "node:fs";
import { generateText, stepCountIs } from "ai";
import { MockLanguageModelV4 } from "ai/test";
import { ElicitationRequestSchema, createMCPClient } from "@ai-sdk/mcp";
import { Experimental_StdioMCPTransport } from "@ai-sdk/mcp/mcp-stdio";

const [modulePath, scenarioPath] = process.argv.slice(2);
const { toolsmithTools } = await import(modulePath);
const scenario = JSON.parse(readFileSync(scenarioPath, "utf8"));

const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 1, text: 1, reasoning: undefined },
};

/** A model turn making one tool call. */
function callTurn(index, { toolName, input }) {
  return {
    content: [{ type: "tool-call", toolCallId: `call-${index}`, toolName, input: JSON.stringify(input) }],
    finishReason: { unified: "tool-calls", raw: "tool_use" },
    usage,
    warnings: [],
  };
}

const doneTurn = {
  content: [{ type: "text", text: "done" }],
  finishReason: { unified: "stop", raw: "end_turn" },
  usage,
  warnings: [],
};

/** Polls `path` until it contains `text`, for at most a minute. */
async function waitFor(path, text) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    let log = "";
    try {
      log = readFileSync(path, "utf8");
    } catch {}
    if (log.includes(text)) return log;
    if (Date.now() > deadline) throw new Error(`${path} never said ${JSON.stringify(text)}: ${log}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const transport =
  scenario.transport.type === "stdio"
    ? new Experimental_StdioMCPTransport({
        command: scenario.transport.command,
        args: scenario.transport.args,
      })
    : { type: "http", url: scenario.transport.url };
const out = {};
const client = await createMCPClient({
  transport,
  ...(scenario.elicit ? { capabilities: { elicitation: {} } } : {}),
});
if (scenario.elicit) {
  client.onElicitationRequest(ElicitationRequestSchema, (request) => {
    out.asked = request.params.message;
    return scenario.elicit;
  });
}
try {
  const progress = [];
  const tools = scenario.raw
    ? await client.tools()
    : await toolsmithTools(
        client,
        scenario.progress ? { onProgress: (report) => progress.push(report) } : undefined,
      );
  if (scenario.progress) out.progress = progress;
  if (scenario.calls) {
    const turns = scenario.calls.map((call, index) => callTurn(index, call));
    const model = new MockLanguageModelV4({ doGenerate: [...turns, doneTurn] });
    const result = await generateText({
      model,
      tools,
      prompt: "use the tools",
      stopWhen: stepCountIs(turns.length + 1),
    });
    out.offered = model.doGenerateCalls[0].tools.map(({ name, inputSchema }) => ({ name, inputSchema }));
    out.calls = scenario.calls.map((_, index) => {
      const id = `call-${index}`;
      const part = result.steps[index].content.find(
        (p) => (p.type === "tool-result" || p.type === "tool-error") && p.toolCallId === id,
      );
      const read = model.doGenerateCalls[index + 1].prompt
        .filter((message) => message.role === "tool")
        .flatMap((message) => message.content)
        .find((p) => p.toolCallId === id);
      return {
        part: part?.type,
        error: part?.type === "tool-error" ? String(part.error?.message ?? part.error) : undefined,
        read: read?.output,
      };
    });
    out.text = result.text;
  } else {
    const { toolName, input, log } = scenario.cancel;
    const controller = new AbortController();
    const model = new MockLanguageModelV4({ doGenerate: [callTurn(0, { toolName, input }), doneTurn] });
    const running = generateText({
      model,
      tools,
      prompt: "count",
      stopWhen: stepCountIs(2),
      abortSignal: controller.signal,
    });
    await waitFor(log, "countdown: started");
    controller.abort("the user stopped it");
    try {
      await running;
      out.outcome = "finished";
    } catch (error) {
      out.outcome = error?.name ?? String(error);
    }
    out.log = await waitFor(log, "countdown: cancelled");
  }
} finally {
  await client.close();
}
process.stdout.write(JSON.stringify(out) + "\n");
