//! Tools that share the app's state, on the command line and over MCP.
//!
//! The set is made for a context type (`ToolSet::<App>::with_context_type()`)
//! and served with the app's state: `Cli::with_context(tools, app)`. Every
//! other host takes the same pair: `McpServer::with_context(tools, app)`
//! (stdio or HTTP), `toolsmith::rig::tools_with_context(tools, app)`, and
//! the function-calling `dispatch(&tools, &call, app)`. A set with a
//! context given to a host's `new` is a compile error that says so.
//!
//! `main` is async (the place to open a database or a connection pool)
//! and calls the command line's synchronous `run`, which runs the tool on
//! a runtime of its own; `run_async().await` would run it on this one.
//!
//! ```text
//! cargo run --example with_context -- find-email 7
//! cargo run --example with_context -- mcp                          # MCP on stdio
//! cargo run --example with_context -- mcp --http 127.0.0.1:8080    # at http://127.0.0.1:8080/mcp
//! ```

use std::collections::BTreeMap;
use std::process::ExitCode;
use std::sync::{Arc, Mutex};

use toolsmith::cli::Cli;
use toolsmith::{FromContext, ToolSet, tool};

/// The users, by id.
pub struct Db {
    emails: BTreeMap<u32, String>,
}

impl Db {
    /// Opens the database (here, three users in memory).
    async fn open() -> Db {
        let emails = (1..=3)
            .map(|id| (id, format!("user{id}@example.com")))
            .collect();
        Db { emails }
    }
}

/// Where mails go (here, a list that says what was sent).
#[derive(Default)]
pub struct Outbox {
    sent: Mutex<Vec<String>>,
}

/// The app's state; each tool takes the part it uses.
#[derive(Clone, FromContext)]
pub struct App {
    db: Arc<Db>,
    outbox: Arc<Outbox>,
}

/// Looks a user's email address up.
///
/// # Arguments
///
/// * `user_id` - the user's id
#[tool]
fn find_email(#[ctx] db: Arc<Db>, #[arg(positional)] user_id: u32) -> Result<String, String> {
    db.emails
        .get(&user_id)
        .cloned()
        .ok_or_else(|| format!("no user {user_id}"))
}

/// Sends a short mail.
///
/// # Arguments
///
/// * `to` - the address
/// * `text` - what the mail says
#[tool]
async fn send_mail(
    #[ctx] outbox: Arc<Outbox>,
    to: String,
    #[arg(max_length = 500)] text: String,
) -> String {
    let mut sent = outbox.sent.lock().unwrap_or_else(|e| e.into_inner());
    sent.push(format!("{to}: {text}"));
    format!("sent to {to} ({} so far)", sent.len())
}

#[tokio::main]
async fn main() -> ExitCode {
    let app = App {
        db: Arc::new(Db::open().await),
        outbox: Arc::default(),
    };
    let mut tools = ToolSet::<App>::with_context_type();
    if let Err(e) = tools
        .register(FindEmail)
        .and_then(|tools| tools.register(SendMail))
    {
        eprintln!("{e}");
        return ExitCode::FAILURE;
    }
    Cli::with_context(tools, app).name("with_context").run()
}
