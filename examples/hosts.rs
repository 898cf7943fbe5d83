//! One bad call and one failing call sent to every host adapter, and what
//! each host hands back: the same lines, only the channel differs.
//!
//! ```text
//! cargo run --example hosts
//! ```

#[path = "demo_tools/mod.rs"]
mod demo_tools;

use serde_json::{Value, json};
use toolsmith::cli::Cli;
use toolsmith::function_calling::{anthropic, gemini, openai};
use toolsmith::mcp::McpServer;

/// What one host handed back, as shown in the table.
struct Reply {
    host: &'static str,
    /// The message the host carries, as JSON (or the process's output).
    raw: String,
    /// The text the model (or the user) reads.
    summary: String,
}

#[tokio::main]
async fn main() {
    let bad = Call {
        tool: "search",
        args: json!({ "query": "", "limit": 500 }),
        flags: &["--query", "", "--limit", "500"],
    };
    let fails = Call {
        tool: "divide",
        args: json!({ "dividend": 1, "divisor": 0 }),
        flags: &["--dividend", "1", "--divisor", "0"],
    };
    let bad_replies = every_host(&bad).await;
    let failed_replies = every_host(&fails).await;

    for (title, call, replies) in [
        ("Bad input", &bad, &bad_replies),
        ("The function fails", &fails, &failed_replies),
    ] {
        println!("{title}: {} {}\n", call.tool, call.args);
        for reply in replies {
            println!("  {}", reply.host);
            for line in reply.raw.lines() {
                println!("    {line}");
            }
        }
        println!();
    }

    println!("| host | bad input | the function fails |");
    println!("|---|---|---|");
    for (bad, failed) in bad_replies.iter().zip(&failed_replies) {
        println!("| {} | {} | {} |", bad.host, bad.summary, failed.summary);
    }
}

struct Call {
    tool: &'static str,
    args: Value,
    flags: &'static [&'static str],
}

async fn every_host(call: &Call) -> Vec<Reply> {
    let tools = demo_tools::tools();
    let mut replies = Vec::new();

    let mcp = McpServer::new(demo_tools::tools());
    let result = mcp
        .call(call.tool, call.args.clone())
        .await
        .expect("the tool exists");
    let texts: Vec<String> = result
        .content
        .iter()
        .filter_map(|block| block.as_text().map(|t| format!("{:?}", t.text)))
        .collect();
    replies.push(Reply {
        host: "MCP (rmcp)",
        raw: json!({ "content": result.content, "isError": result.is_error }).to_string(),
        summary: format!("`isError: true`, text blocks {}", texts.join(", ")),
    });

    let tool_call = json!({
        "id": "call_1",
        "type": "function",
        "function": { "name": call.tool, "arguments": call.args.to_string() }
    });
    let message = openai::dispatch(&tools, &tool_call, ()).await;
    replies.push(Reply {
        host: "OpenAI",
        raw: message.to_string(),
        summary: format!(
            "tool message, `content` {:?}",
            message["content"].as_str().unwrap_or_default()
        ),
    });

    let tool_use =
        json!({ "type": "tool_use", "id": "toolu_1", "name": call.tool, "input": call.args });
    let block = anthropic::dispatch(&tools, &tool_use, ()).await;
    replies.push(Reply {
        host: "Anthropic",
        raw: block.to_string(),
        summary: format!(
            "`tool_result`, `is_error: true`, `content` {:?}",
            block["content"].as_str().unwrap_or_default()
        ),
    });

    let function_call = json!({ "functionCall": { "name": call.tool, "args": call.args } });
    let part = gemini::dispatch(&tools, &function_call, ()).await;
    replies.push(Reply {
        host: "Gemini",
        raw: part.to_string(),
        summary: format!(
            "`functionResponse`, `response.error` {:?}",
            part["functionResponse"]["response"]["error"]
                .as_str()
                .unwrap_or_default()
        ),
    });

    // The command line runs in-process here; `cargo run --example cli -- ..`
    // prints the same.
    let argv: Vec<&str> = ["cli", call.tool]
        .into_iter()
        .chain(call.flags.iter().copied())
        .collect();
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let code = tokio::task::spawn_blocking(move || {
        let code = Cli::new(demo_tools::tools())
            .name("cli")
            .run_from(argv, &mut out, &mut err);
        (code, out, err)
    })
    .await
    .expect("the command line ran");
    let (code, _out, err) = code;
    let stderr = String::from_utf8_lossy(&err).into_owned();
    let shown_flags: Vec<String> = call
        .flags
        .iter()
        .map(|f| {
            if f.is_empty() {
                "''".to_owned()
            } else {
                (*f).to_owned()
            }
        })
        .collect();
    replies.push(Reply {
        host: "CLI",
        raw: format!(
            "$ cli {} {}\n{}exit code {code}",
            call.tool,
            shown_flags.join(" "),
            stderr
                .lines()
                .map(|l| format!("stderr: {l}\n"))
                .collect::<String>()
        ),
        summary: format!("stderr {:?}, exit {code}", stderr.trim_end()),
    });

    replies
}
