//! `tools/call`, decided, then run. The decision reads the tool's hints
//! and the client's capabilities and protocol: a plain
//! call (in `input_required` rounds for a client asked in rounds), a task
//! at once, or rounds first and then a task. Each course has its runner.
//!
//! Every call runs as part of a [`Call`](toolsmith_runtime::Call) for its
//! request: progress and logs go to the client,
//! `notifications/cancelled` cancels it (rmcp then sends no answer, as the
//! protocol says). For a client asked in rounds, a request the tool makes
//! that the client has not answered ends the call with an
//! `input_required` result, and a call that fails after a request the
//! client declared no capability for is `-32021`, naming the capability.

use std::future::Future;
use std::sync::Arc;

use rmcp::model::{CallToolRequestParams, CallToolResponse, CallToolResult, ContentBlock};
use rmcp::service::RequestContext;
use rmcp::{ErrorData, RoleServer};
use serde_json::{Value, json};
use toolsmith_runtime::{CallHandle, ToolRef, ToolSet};

use super::{Server, run_tool, speaks_2026_07_28, unknown_tool};
use crate::mcp::call::answer::{cancelled_by, structured_for};
use crate::mcp::call::client_call::{self, Notes, forwarding};
use crate::mcp::call::input_required::{Answers, Ended, Round, until_wanting};
use crate::mcp::call::tasks::{self, Started};
use crate::mcp::tasks::{Admission, Owner, RunningCaps};

/// What a `tools/call` answers.
type Answer = Result<CallToolResponse, ErrorData>;

/// How a `tools/call` runs.
enum Course {
    /// A plain call, in the round it is for a client asked in rounds.
    Plain(Option<Round>),
    /// A task at once: its questions wait in it.
    TaskNow,
    /// A tool that asks first: rounds until the call becomes a task or
    /// answers; that round is answered with the task. The round is one
    /// [before a task](Round::before_task).
    RoundsFirst(Round),
}

/// A `tools/call` on its way: what every runner reads.
struct ToolCall<'a> {
    tool: ToolRef<'a>,
    /// The tools as they stood when the call came, `tool` among them.
    tools: &'a Arc<ToolSet>,
    /// The client reads `structuredContent` of any JSON type (2026-07-28).
    any_structured: bool,
    /// Whom a task the call becomes belongs to.
    owner: Owner,
    context: RequestContext<RoleServer>,
}

impl Server {
    /// Answers a `tools/call`: decides its course, then runs it.
    pub(super) async fn call_tool(
        &self,
        request: CallToolRequestParams,
        mut context: RequestContext<RoleServer>,
    ) -> Answer {
        let owner = self.owner(&mut context);
        #[cfg(all(feature = "redis", feature = "mcp-http"))]
        crate::mcp::redis::read_level(self.levels.as_deref(), &context, &self.log_level).await;
        let CallToolRequestParams {
            name,
            arguments,
            input_responses,
            request_state,
            ..
        } = request;
        let arguments = arguments.map_or(Value::Null, Value::Object);
        let tools = self.tools.current();
        let tool = tools.tool(&name);
        // The state of a round holds for this tool with these arguments only.
        let bound = json!(["tools/call", name, arguments]).to_string();
        let open_round = || {
            let state = request_state.as_deref();
            self.rounds.open(&context, &bound, input_responses, state)
        };
        let course = Self::decide(tool.as_ref().ok(), &context, open_round)?;
        let call = ToolCall {
            // Unknown: once a round's state is found sound, as for a call.
            tool: tool.map_err(unknown_tool)?,
            tools: &tools,
            any_structured: speaks_2026_07_28(context.protocol_version().as_ref()),
            owner,
            context,
        };
        match course {
            Course::Plain(None) => self.run_plain(&call, arguments).await,
            Course::Plain(Some(round)) | Course::RoundsFirst(round) => {
                self.run_rounds(&call, arguments, round).await
            }
            Course::TaskNow => self.start_task(&call, arguments, Answers::new()).await,
        }
    }

    /// The course of a call of `tool` (`None`: unknown, answered as a
    /// plain call is), as its hints and the client say; `open_round` opens the
    /// round of a client asked in rounds, where the course may take one.
    /// A tool that runs only as a task, called by a client without tasks,
    /// is `-32021`.
    fn decide(
        tool: Option<&ToolRef<'_>>,
        context: &RequestContext<RoleServer>,
        open_round: impl FnOnce() -> Result<Option<Round>, ErrorData>,
    ) -> Result<Course, ErrorData> {
        let as_task = tool.is_some_and(|tool| tasks::wanted(tool, context));
        if let Some(tool) = tool
            && tool.hints().task.required()
            && !as_task
        {
            return Err(tasks::refusal(tool));
        }
        let input_first = tool.is_some_and(|tool| tool.hints().asks_first());
        Ok(match (as_task, input_first) {
            (false, _) => Course::Plain(open_round()?),
            (true, false) => Course::TaskNow,
            (true, true) => match open_round()? {
                Some(round) => Course::RoundsFirst(round.before_task()),
                None => Course::TaskNow,
            },
        })
    }

    /// A plain call: its answer, once its notifications are sent.
    async fn run_plain(&self, call: &ToolCall<'_>, arguments: Value) -> Answer {
        let (answer, _, notes) = self.running(call, arguments, None);
        let result = forwarding(answer, notes).await;
        Ok(CallToolResponse::from(structured_for(
            result,
            call.any_structured,
        )))
    }

    /// A call in `round`: its answer (as a task, settled, when the round
    /// is one before a task), the `input_required` result of a round that
    /// wants more, or the task the call becomes, which runs it again with
    /// what the rounds answered.
    async fn run_rounds(&self, call: &ToolCall<'_>, arguments: Value, round: Round) -> Answer {
        let before_task = round.may_become_task();
        let round = Arc::new(round);
        let again = before_task.then(|| arguments.clone());
        let (answer, handle, notes) = self.running(call, arguments, Some(Arc::clone(&round)));
        let result = match forwarding(until_wanting(answer, &round, handle), notes).await {
            Ended::Answered(result) => result,
            Ended::Wanting => {
                return Ok(CallToolResponse::InputRequired(self.rounds.result(&round)));
            }
            Ended::BecomingTask => {
                let again = again.unwrap_or_default();
                return self.start_task(call, again, round.answers_used()).await;
            }
        };
        let result = match round.refusal() {
            Some(refusal) if result.is_error == Some(true) => return Err(refusal),
            _ if result.is_error == Some(true) => result,
            _ => structured_for(result, call.any_structured),
        };
        Ok(match before_task {
            true => {
                let owner = call.owner.clone();
                CallToolResponse::Task(tasks::settled(&self.tasks, owner, result).await?)
            }
            false => CallToolResponse::from(result),
        })
    }

    /// The call started as a task of its caller, its host the one a plain
    /// call of this request has, `answered` what the rounds before it
    /// answered; a line, and the tool does not run, when the server or the
    /// caller runs as many tasks as it may.
    async fn start_task(&self, call: &ToolCall<'_>, arguments: Value, answered: Answers) -> Answer {
        let client = client_call::host_for_request(&call.context, &self.log_level, None);
        let tools = Arc::clone(call.tools);
        let run = (call.tool.name().to_owned(), arguments);
        let caps = self.running_caps();
        let owned = (call.owner.clone(), caps);
        let started = tasks::start(
            &self.tasks,
            owned,
            tools,
            run,
            client,
            answered,
            call.any_structured,
        )
        .await?;
        Ok(match started {
            Started::Task(task) => CallToolResponse::Task(*task),
            Started::Refused(refused) => too_many_tasks(call.tool.name(), refused, caps),
        })
    }

    /// The call of `call`'s tool with `arguments`, in `round` if any,
    /// cancelled with its request; the handle that cancels it; the queue
    /// of its notifications.
    fn running<'a>(
        &self,
        call: &ToolCall<'a>,
        arguments: Value,
        round: Option<Arc<Round>>,
    ) -> (impl Future<Output = CallToolResult> + 'a, CallHandle, Notes) {
        let (host, notes) = client_call::for_request(&call.context, &self.log_level, round);
        #[cfg(all(feature = "redis", feature = "mcp-http"))]
        let notes = notes.relayed(
            self.bus
                .as_ref()
                .zip(crate::mcp::redis::session_of(&call.context.extensions))
                .and_then(|(bus, session)| bus.relay(session)),
        );
        let handle = host.handle();
        let answer = run_tool(call.tool, arguments, host);
        let fired = call.context.ct.clone().cancelled_owned();
        (cancelled_by(fired, handle.clone(), answer), handle, notes)
    }
}

/// The answer to a call that would run as one task too many, for the
/// server or for its caller.
fn too_many_tasks(name: &str, refused: Admission, caps: RunningCaps) -> CallToolResponse {
    let line = match refused {
        Admission::OwnerFull => format!(
            "{name} was not started: this client runs as many tasks as it may ({}); call again once one of them has settled",
            caps.per_owner
        ),
        _ => format!(
            "{name} was not started: the server runs as many tasks as it may ({}); call again once one has settled",
            caps.total
        ),
    };
    CallToolResponse::from(CallToolResult::error(vec![ContentBlock::text(line)]))
}
