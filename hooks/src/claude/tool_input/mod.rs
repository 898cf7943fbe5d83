//! The input of a tool call, typed: one [`ToolInput`] variant per built-in
//! tool the SDK declares (its `ToolInputSchemas`), MCP tools by their
//! `mcp__<server>__<tool>` name, and any other tool as sent.
//!
//! Unknown keys in a known tool's input are kept in the struct's `extra`,
//! never refused: the SDK's declarations are closed, but the input already
//! passed the agent's own check, so a key this version does not know comes
//! from a newer agent. A missing or mistyped declared key is an error.
//!
//! ```
//! use serde_json::json;
//! use toolsmith_hooks::{ToolInput, validate_tool_input};
//!
//! let input = validate_tool_input("Grep", &json!({ "pattern": "TODO", "-i": true, "-C": 2 }))?;
//! let ToolInput::Grep(grep) = &input else { unreachable!() };
//! assert_eq!(grep.case_insensitive, Some(true));
//! assert_eq!(serde_json::to_value(&input).unwrap(), json!({ "pattern": "TODO", "-C": 2.0, "-i": true }));
//!
//! let err = validate_tool_input("Bash", &json!({ "command": 7 })).unwrap_err();
//! assert_eq!(err.lines(), ["Invalid tool input at /command: must be a string, got number 7"]);
//! assert_eq!(err.context(), Some("Bash"));
//! # Ok::<(), toolsmith_hooks::HookError>(())
//! ```

mod access;
mod mcp;
mod tools;
mod values;

use std::sync::OnceLock;

use serde::Deserialize;
use serde_json::{Map, Value};
use toolsmith_runtime::{Validator, echo};

pub use mcp::{McpToolCall, McpToolName};
pub use tools::*;
pub use values::*;

use super::tool_names::builtin_tool;
use crate::compiled::{Compiled, compiled_for};
use crate::error::{HookError, HookErrorCode};
use crate::wire::WireType;

/// How the lines of a tool input's problems start.
const SUBJECT: &str = "Invalid tool input";

macro_rules! tool_inputs {
    ($(
        $(#[doc = $doc:literal])*
        $variant:ident($input:ident) = $name:literal;
    )*) => {
        /// A tool call's input, typed by the tool's name.
        ///
        /// Read one with [`validate_tool_input`], or from a hook input with
        /// [`HookInput::tool_input`](crate::HookInput::tool_input).
        /// It serializes back to the tool's input JSON (what `updatedInput`
        /// carries), unknown keys included.
        #[derive(Debug, Clone, PartialEq)]
        #[non_exhaustive]
        // One value per hook run, matched by variant: boxing the larger
        // inputs would save little and make every pattern a `Box`.
        #[allow(clippy::large_enum_variant)]
        pub enum ToolInput {
            $(
                $(#[doc = $doc])*
                $variant($input),
            )*
            /// An MCP tool: `mcp__<server>__<tool>`.
            Mcp(McpToolCall),
            /// A tool this version does not know, as sent (the SDK's list of
            /// tools is not complete: never an error).
            Other {
                /// The tool's name.
                name: String,
                /// Its input.
                input: Value,
            },
        }

        impl ToolInput {
            /// The names of the built-in tools typed here, as the agent
            /// names them now (`Agent`, not its former name `Task`): a part
            /// of [`BUILTIN_TOOL_NAMES`](crate::BUILTIN_TOOL_NAMES).
            pub const KNOWN_TOOLS: &'static [&'static str] = &[$($name,)*];

            /// The tool's name: the current name of a built-in tool
            /// (`Agent` for a call of `Task`), the whole name of an MCP
            /// tool, the name as sent of any other.
            pub fn tool_name(&self) -> &str {
                match self {
                    $(ToolInput::$variant(_) => $name,)*
                    ToolInput::Mcp(call) => call.name.as_str(),
                    ToolInput::Other { name, .. } => name,
                }
            }

            /// The current name of the typed built-in tool `name` (or its
            /// former name: `Task` is `Agent`, as [`builtin_tool`] says).
            fn canonical(name: &str) -> Option<&'static str> {
                match builtin_tool(name)? {
                    $($name => Some($name),)*
                    _ => None,
                }
            }

            fn build_schema(name: &str) -> Option<Value> {
                match name {
                    $($name => Some(<$input as WireType>::schema()),)*
                    _ => None,
                }
            }

            fn deserialize_checked(name: &str, input: &Value) -> Option<Result<ToolInput, serde_json::Error>> {
                Some(match name {
                    $($name => $input::deserialize(input).map(ToolInput::$variant),)*
                    _ => return None,
                })
            }
        }

        impl serde::Serialize for ToolInput {
            fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                match self {
                    $(ToolInput::$variant(input) => input.serialize(serializer),)*
                    ToolInput::Mcp(call) => call.input.serialize(serializer),
                    ToolInput::Other { input, .. } => input.serialize(serializer),
                }
            }
        }

        $(
            impl From<$input> for ToolInput {
                fn from(input: $input) -> ToolInput {
                    ToolInput::$variant(input)
                }
            }
        )*
    };
}

tool_inputs! {
    /// `Agent`: starts a subagent.
    Agent(AgentInput) = "Agent";
    /// `Bash`: runs a shell command.
    Bash(BashInput) = "Bash";
    /// `ExitPlanMode`: presents the plan.
    ExitPlanMode(ExitPlanModeInput) = "ExitPlanMode";
    /// `Edit`: replaces text in a file.
    Edit(EditInput) = "Edit";
    /// `Read`: reads a file.
    Read(ReadInput) = "Read";
    /// `Write`: writes a file.
    Write(WriteInput) = "Write";
    /// `Glob`: finds files by pattern.
    Glob(GlobInput) = "Glob";
    /// `Grep`: searches file contents.
    Grep(GrepInput) = "Grep";
    /// `TaskStop`: stops a background task.
    TaskStop(TaskStopInput) = "TaskStop";
    /// `ListMcpResourcesTool`: lists MCP resources.
    ListMcpResources(ListMcpResourcesInput) = "ListMcpResourcesTool";
    /// `RefreshMcpTools`: reloads an MCP server's tools.
    RefreshMcpTools(RefreshMcpToolsInput) = "RefreshMcpTools";
    /// `NotebookEdit`: edits a notebook cell.
    NotebookEdit(NotebookEditInput) = "NotebookEdit";
    /// `ReadMcpResourceDirTool`: lists an MCP resource directory.
    ReadMcpResourceDir(ReadMcpResourceDirInput) = "ReadMcpResourceDirTool";
    /// `ReadMcpResourceTool`: reads an MCP resource.
    ReadMcpResource(ReadMcpResourceInput) = "ReadMcpResourceTool";
    /// `ReportFindings`: reports review findings.
    ReportFindings(ReportFindingsInput) = "ReportFindings";
    /// `TodoWrite`: replaces the todo list.
    TodoWrite(TodoWriteInput) = "TodoWrite";
    /// `WebFetch`: fetches a URL.
    WebFetch(WebFetchInput) = "WebFetch";
    /// `WebSearch`: searches the web.
    WebSearch(WebSearchInput) = "WebSearch";
    /// `AskUserQuestion`: asks the user questions.
    AskUserQuestion(AskUserQuestionInput) = "AskUserQuestion";
    /// `SendFeedback`: sends feedback.
    SendFeedback(SendFeedbackInput) = "SendFeedback";
    /// `ClaudeDesign`: a design operation.
    ClaudeDesign(ClaudeDesignInput) = "ClaudeDesign";
    /// `Projects`: project files and memory.
    Projects(ProjectsInput) = "Projects";
    /// `EnterPlanMode`: enters plan mode.
    EnterPlanMode(EnterPlanModeInput) = "EnterPlanMode";
    /// `TaskCreate`: creates a task.
    TaskCreate(TaskCreateInput) = "TaskCreate";
    /// `TaskGet`: reads a task.
    TaskGet(TaskGetInput) = "TaskGet";
    /// `TaskUpdate`: changes a task.
    TaskUpdate(TaskUpdateInput) = "TaskUpdate";
    /// `TaskList`: lists the tasks.
    TaskList(TaskListInput) = "TaskList";
    /// `Workflow`: runs a workflow.
    Workflow(WorkflowInput) = "Workflow";
    /// `CronCreate`: schedules a prompt.
    CronCreate(CronCreateInput) = "CronCreate";
    /// `CronDelete`: removes a schedule.
    CronDelete(CronDeleteInput) = "CronDelete";
    /// `CronList`: lists the schedules.
    CronList(CronListInput) = "CronList";
    /// `ScheduleWakeup`: wakes the session later.
    ScheduleWakeup(ScheduleWakeupInput) = "ScheduleWakeup";
    /// `RemoteTrigger`: manages remote triggers.
    RemoteTrigger(RemoteTriggerInput) = "RemoteTrigger";
    /// `ShowOnboardingRolePicker`: shows the role picker.
    ShowOnboardingRolePicker(ShowOnboardingRolePickerInput) = "ShowOnboardingRolePicker";
    /// `OfferChromeSetup`: offers to set up Chrome.
    OfferChromeSetup(OfferChromeSetupInput) = "OfferChromeSetup";
    /// `ReadNotifications`: reads the notifications.
    ReadNotifications(ReadNotificationsInput) = "ReadNotifications";
    /// `Monitor`: watches a command or a WebSocket.
    Monitor(MonitorInput) = "Monitor";
    /// `propose_skills`: proposes skills.
    ProposeSkills(ProposeSkillsInput) = "propose_skills";
    /// `SetGoal`: sets the session's goal.
    SetGoal(SetGoalInput) = "SetGoal";
    /// `Artifact`: publishes artifacts.
    Artifact(ArtifactInput) = "Artifact";
    /// `PushNotification`: notifies the user.
    PushNotification(PushNotificationInput) = "PushNotification";
    /// `EnterWorktree`: moves into a worktree.
    EnterWorktree(EnterWorktreeInput) = "EnterWorktree";
    /// `ExitWorktree`: leaves the worktree.
    ExitWorktree(ExitWorktreeInput) = "ExitWorktree";
    /// `MultiEdit` (legacy): several edits of one file.
    MultiEdit(MultiEditInput) = "MultiEdit";
    /// `PowerShell`: runs a PowerShell command.
    PowerShell(PowerShellInput) = "PowerShell";
}

/// Each typed tool's schema and validator, built once; `name` may be a
/// former name.
fn compiled(name: &str) -> Option<&'static Compiled> {
    static ALL: OnceLock<Vec<Compiled>> = OnceLock::new();
    let name = ToolInput::canonical(name)?;
    compiled_for(&ALL, ToolInput::KNOWN_TOOLS, name, "tool input", |name| {
        ToolInput::build_schema(name).unwrap_or_default()
    })
}

impl ToolInput {
    /// The JSON Schema of the built-in tool `name`'s input (its former name
    /// works too), as [`validate_tool_input`] checks it; `None` for a tool
    /// this version does not type (MCP tools included).
    ///
    /// ```
    /// use toolsmith_hooks::ToolInput;
    ///
    /// let schema = ToolInput::schema_for("Task").unwrap();
    /// assert_eq!(schema["required"], serde_json::json!(["description", "prompt"]));
    /// assert!(ToolInput::schema_for("mcp__github__search").is_none());
    /// ```
    pub fn schema_for(name: &str) -> Option<&'static Value> {
        compiled(name).map(|compiled| &compiled.schema)
    }
}

/// Types a tool call's `input` by the tool's name.
///
/// - a built-in tool (by its name or a former one: `Task` is
///   [`ToolInput::Agent`]): checked against its schema, every problem a
///   line, [`HookErrorCode::InvalidToolInput`], the tool's name as
///   [`context`](HookError::context):
///   `Invalid tool input at /command: must be a string, got number 7`;
/// - `mcp__<server>__<tool>`: [`ToolInput::Mcp`], its input any object;
/// - any other name: [`ToolInput::Other`], as sent — never an error.
pub fn validate_tool_input(tool_name: &str, input: &Value) -> Result<ToolInput, HookError> {
    let context = || echo::shown(tool_name, 128);
    if let Some(name) = McpToolName::parse(tool_name) {
        return match input {
            Value::Object(map) => Ok(ToolInput::Mcp(McpToolCall::new(name, map.clone()))),
            _ => {
                let err = object_validator()
                    .validate(input)
                    .err()
                    .map(|err| {
                        HookError::from_input_error(HookErrorCode::InvalidToolInput, SUBJECT, &err)
                    })
                    .unwrap_or_else(|| HookError::new(HookErrorCode::InvalidToolInput, Vec::new()));
                Err(err.with_context(context()))
            }
        };
    }
    let Some(compiled) = compiled(tool_name) else {
        return Ok(ToolInput::Other {
            name: tool_name.to_owned(),
            input: input.clone(),
        });
    };
    let canonical = ToolInput::canonical(tool_name).unwrap_or_default();
    let checked = compiled
        .validator
        .validate(input)
        .map_err(|err| HookError::from_input_error(HookErrorCode::InvalidToolInput, SUBJECT, &err));
    checked
        .and_then(
            |()| match ToolInput::deserialize_checked(canonical, input) {
                Some(Ok(typed)) => Ok(typed),
                Some(Err(err)) => Err(HookError::new(
                    HookErrorCode::InvalidToolInput,
                    vec![format!("{SUBJECT}: {}", echo::shown(&err.to_string(), 200))],
                )),
                None => Ok(ToolInput::Other {
                    name: tool_name.to_owned(),
                    input: input.clone(),
                }),
            },
        )
        .map_err(|err| err.with_context(context()))
}

/// An MCP tool's input: any object.
fn object_validator() -> &'static Validator {
    static OBJECT: OnceLock<Validator> = OnceLock::new();
    OBJECT.get_or_init(|| {
        Validator::new(&Map::<String, Value>::schema())
            .unwrap_or_else(|err| panic!("the object schema: {err}"))
    })
}
