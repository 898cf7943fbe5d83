//! One input struct per built-in tool, as the SDK's `ToolInputSchemas`
//! declares it, plus the legacy `MultiEdit` and `PowerShell` (which the
//! list leaves out).

use serde_json::{Map, Value};

use super::values::*;
use crate::wire::wire_struct;

wire_struct! {
    /// `Agent` (formerly `Task`): starts a subagent.
    pub struct AgentInput {
        /// A short description of the task.
        required description: String,
        /// The task for the subagent.
        required prompt: String,
        /// The kind of subagent.
        optional subagent_type: String,
        /// The model it runs on.
        optional model: AgentModel,
        /// Its reasoning effort.
        optional effort: EffortLevel,
        /// Whether it runs in the background.
        optional run_in_background: bool,
        /// Its name, to address it.
        optional name: String,
        /// The team it joins.
        optional team_name: String,
        /// Its permission mode.
        optional mode: AgentMode,
        /// Where it runs.
        optional isolation: AgentIsolation,
    }
}

wire_struct! {
    /// `Bash`: runs a shell command.
    pub struct BashInput {
        /// The command.
        required command: String,
        /// The timeout, in milliseconds.
        optional timeout: f64,
        /// What the command does, in a few words.
        optional description: String,
        /// Whether it runs in the background.
        optional run_in_background: bool,
        /// Whether it runs outside the sandbox.
        optional dangerously_disable_sandbox as "dangerouslyDisableSandbox": bool,
    }
}

wire_struct! {
    /// `PowerShell`: runs a PowerShell command (Windows).
    pub struct PowerShellInput {
        /// The command.
        required command: String,
        /// The timeout, in milliseconds.
        optional timeout: f64,
        /// What the command does, in a few words.
        optional description: String,
        /// Whether it runs in the background.
        optional run_in_background: bool,
    }
}

wire_struct! {
    /// A prompt a plan asks to be allowed.
    pub struct AllowedPrompt {
        /// The tool it is for.
        required tool: PromptTool,
        /// The prompt.
        required prompt: String,
    }
}

wire_struct! {
    /// `ExitPlanMode`: presents the plan and leaves plan mode.
    pub struct ExitPlanModeInput {
        /// Prompts the plan asks to be allowed.
        optional allowed_prompts as "allowedPrompts": Vec<AllowedPrompt>,
    }
}

wire_struct! {
    /// `Edit`: replaces text in a file.
    pub struct EditInput {
        /// The file's absolute path.
        required file_path: String,
        /// The text to replace.
        required old_string: String,
        /// The text to put in its place.
        required new_string: String,
        /// Whether every occurrence is replaced, not just one.
        optional replace_all: bool,
    }
}

wire_struct! {
    /// One edit of `MultiEdit`.
    pub struct MultiEditEdit {
        /// The text to replace.
        required old_string: String,
        /// The text to put in its place.
        required new_string: String,
        /// Whether every occurrence is replaced.
        optional replace_all: bool,
    }
}

wire_struct! {
    /// `MultiEdit` (legacy): several edits of one file.
    pub struct MultiEditInput {
        /// The file's absolute path.
        required file_path: String,
        /// The edits, in order.
        required edits: Vec<MultiEditEdit>,
    }
}

wire_struct! {
    /// `Read`: reads a file.
    pub struct ReadInput {
        /// The file's absolute path.
        required file_path: String,
        /// The line to start at.
        optional offset: f64,
        /// How many lines to read.
        optional limit: f64,
        /// The pages of a PDF (`1-5`).
        optional pages: String,
        /// Whether a large file may be read whole.
        optional allow_large: bool,
    }
}

wire_struct! {
    /// `Write`: writes a file.
    pub struct WriteInput {
        /// The file's absolute path.
        required file_path: String,
        /// The content.
        required content: String,
    }
}

wire_struct! {
    /// `Glob`: finds files by pattern.
    pub struct GlobInput {
        /// The glob pattern.
        required pattern: String,
        /// The directory to search.
        optional path: String,
    }
}

wire_struct! {
    /// `Grep`: searches file contents (ripgrep), with its dashed flags.
    pub struct GrepInput {
        /// The regular expression.
        required pattern: String,
        /// The file or directory to search.
        optional path: String,
        /// A glob the files must match.
        optional glob: String,
        /// What to show.
        optional output_mode: GrepOutputMode,
        /// `-B`: lines of context before each match.
        optional before as "-B": f64,
        /// `-A`: lines of context after each match.
        optional after as "-A": f64,
        /// `-C`: lines of context around each match.
        optional context_lines as "-C": f64,
        /// Lines of context around each match.
        optional context: f64,
        /// `-n`: show line numbers.
        optional line_numbers as "-n": bool,
        /// `-i`: ignore case.
        optional case_insensitive as "-i": bool,
        /// `-o`: show only the matching part.
        optional only_matching as "-o": bool,
        /// A file type (`rust`, `py`).
        optional file_type as "type": String,
        /// At most this many results.
        optional head_limit: f64,
        /// Skip this many results.
        optional offset: f64,
        /// Whether `.` matches newlines and patterns span lines.
        optional multiline: bool,
    }
}

wire_struct! {
    /// `TaskStop` (formerly `KillShell`): stops a background task.
    pub struct TaskStopInput {
        /// The task's id.
        optional task_id: String,
        /// The shell's id (the older name of `task_id`).
        optional shell_id: String,
    }
}

wire_struct! {
    /// `ListMcpResourcesTool`: lists MCP resources.
    pub struct ListMcpResourcesInput {
        /// Only this server's.
        optional server: String,
    }
}

wire_struct! {
    /// `RefreshMcpTools`: reloads an MCP server's tools.
    pub struct RefreshMcpToolsInput {
        /// Only this server's.
        optional server: String,
    }
}

wire_struct! {
    /// `NotebookEdit`: edits a Jupyter notebook cell.
    pub struct NotebookEditInput {
        /// The notebook's absolute path.
        required notebook_path: String,
        /// The cell's id.
        optional cell_id: String,
        /// The cell's new source.
        required new_source: String,
        /// The cell's type.
        optional cell_type: NotebookCellType,
        /// What to do to the cell.
        optional edit_mode: NotebookEditMode,
    }
}

wire_struct! {
    /// `ReadMcpResourceDirTool`: lists an MCP resource directory.
    pub struct ReadMcpResourceDirInput {
        /// The server.
        required server: String,
        /// The directory's URI.
        required uri: String,
    }
}

wire_struct! {
    /// `ReadMcpResourceTool`: reads an MCP resource.
    pub struct ReadMcpResourceInput {
        /// The server.
        required server: String,
        /// The resource's URI.
        required uri: String,
    }
}

wire_struct! {
    /// One finding of a review.
    pub struct Finding {
        /// The file.
        required file: String,
        /// The line.
        optional line: f64,
        /// What is wrong.
        required summary: String,
        /// The same, shorter.
        optional short_summary: String,
        /// How it fails.
        required failure_scenario: String,
        /// Its category.
        optional category: String,
        /// How much it matters.
        optional severity: FindingSeverity,
        /// How sure it is.
        optional verdict: FindingVerdict,
        /// What became of it.
        optional outcome: FindingOutcome,
    }
}

wire_struct! {
    /// `ReportFindings`: reports a review's findings.
    pub struct ReportFindingsInput {
        /// The review's effort level.
        optional level: EffortLevel,
        /// The findings.
        required findings: Vec<Finding>,
    }
}

wire_struct! {
    /// One todo of `TodoWrite`.
    pub struct Todo {
        /// What to do.
        required content: String,
        /// Its status.
        required status: TodoStatus,
        /// The same, as an ongoing action (`Running tests`).
        required active_form as "activeForm": String,
    }
}

wire_struct! {
    /// `TodoWrite`: replaces the todo list.
    pub struct TodoWriteInput {
        /// The whole list.
        required todos: Vec<Todo>,
    }
}

wire_struct! {
    /// `WebFetch`: fetches a URL and asks about its content.
    pub struct WebFetchInput {
        /// The URL.
        required url: String,
        /// What to ask about the content.
        required prompt: String,
        /// Where in the content to start.
        optional offset: f64,
    }
}

wire_struct! {
    /// `WebSearch`: searches the web.
    pub struct WebSearchInput {
        /// The query.
        required query: String,
        /// Only these domains.
        optional allowed_domains: Vec<String>,
        /// Never these domains.
        optional blocked_domains: Vec<String>,
    }
}

wire_struct! {
    /// One option of a question.
    pub struct QuestionOption {
        /// The option's label.
        required label: String,
        /// What it means.
        required description: String,
        /// A preview of it.
        optional preview: String,
    }
}

wire_struct! {
    /// One question of `AskUserQuestion`.
    pub struct Question {
        /// The question.
        required question: String,
        /// A short header.
        required header: String,
        /// The options (two to four).
        required options: Vec<QuestionOption>,
        /// Whether several options may be chosen.
        required multi_select as "multiSelect": bool,
    }
}

wire_struct! {
    /// Where an `AskUserQuestion` comes from.
    pub struct QuestionMetadata {
        /// Its source.
        optional source: String,
    }
}

wire_struct! {
    /// `AskUserQuestion`: asks the user one to four questions.
    pub struct AskUserQuestionInput {
        /// The questions.
        required questions: Vec<Question>,
        /// The answers, by question.
        optional answers: Map<String, Value>,
        /// Notes on the answers, by question.
        optional annotations: Map<String, Value>,
        /// Where the questions come from.
        optional metadata: QuestionMetadata,
    }
}

wire_struct! {
    /// `SendFeedback`: sends feedback about the agent.
    pub struct SendFeedbackInput {
        /// The kind of feedback.
        required kind as "type": FeedbackType,
        /// Its title.
        required title: String,
        /// Its details.
        required details: String,
        /// The area it is about.
        optional area: String,
        /// How the agent failed.
        optional failure_mode: FailureMode,
        /// The kind of task.
        optional task_category: TaskCategory,
    }
}

wire_struct! {
    /// `ClaudeDesign`: a design operation.
    pub struct ClaudeDesignInput {
        /// The operation.
        required operation: String,
        /// Its arguments.
        required arguments: Map<String, Value>,
    }
}

wire_struct! {
    /// `Projects`: reads and writes project files and memory.
    pub struct ProjectsInput {
        /// What to do.
        required method: ProjectsMethod,
        /// The file's path in the project.
        optional path: String,
        /// The content to write.
        optional content: String,
        /// A local file to upload.
        optional local_path: String,
        /// Whether the result is shown to the user.
        optional present_to_user: bool,
        /// The search query.
        optional query: String,
        /// How many results.
        optional n: f64,
    }
}

wire_struct! {
    /// `EnterPlanMode`: enters plan mode.
    pub struct EnterPlanModeInput {}
}

wire_struct! {
    /// `TaskCreate`: creates a task.
    pub struct TaskCreateInput {
        /// The task's subject.
        required subject: String,
        /// What it is.
        required description: String,
        /// The same, as an ongoing action.
        optional active_form as "activeForm": String,
        /// Anything else to keep with it.
        optional metadata: Map<String, Value>,
    }
}

wire_struct! {
    /// `TaskGet`: reads a task.
    pub struct TaskGetInput {
        /// The task's id.
        required task_id as "taskId": String,
    }
}

wire_struct! {
    /// `TaskUpdate`: changes a task.
    pub struct TaskUpdateInput {
        /// The task's id.
        required task_id as "taskId": String,
        /// A new subject.
        optional subject: String,
        /// A new description.
        optional description: String,
        /// A new ongoing-action form.
        optional active_form as "activeForm": String,
        /// A new status.
        optional status: TaskStatus,
        /// Tasks this one now blocks.
        optional add_blocks as "addBlocks": Vec<String>,
        /// Tasks that now block this one.
        optional add_blocked_by as "addBlockedBy": Vec<String>,
        /// A new owner.
        optional owner: String,
        /// Metadata to merge.
        optional metadata: Map<String, Value>,
    }
}

wire_struct! {
    /// `TaskList`: lists the tasks.
    pub struct TaskListInput {}
}

wire_struct! {
    /// `Workflow`: runs a workflow script.
    pub struct WorkflowInput {
        /// The script.
        optional script: String,
        /// The workflow's name.
        optional name: String,
        /// What it does.
        optional description: String,
        /// Its title.
        optional title: String,
        /// Its arguments.
        optional args: Map<String, Value>,
        /// The script's path.
        optional script_path as "scriptPath": String,
        /// A run to resume.
        optional resume_from_run_id as "resumeFromRunId": String,
    }
}

wire_struct! {
    /// `CronCreate`: schedules a prompt.
    pub struct CronCreateInput {
        /// The cron expression.
        required cron: String,
        /// The prompt to submit.
        required prompt: String,
        /// Whether it fires on every match.
        optional recurring: bool,
        /// Whether it survives the session.
        optional durable: bool,
    }
}

wire_struct! {
    /// `CronDelete`: removes a schedule.
    pub struct CronDeleteInput {
        /// The schedule's id.
        required id: String,
    }
}

wire_struct! {
    /// `CronList`: lists the schedules.
    pub struct CronListInput {}
}

wire_struct! {
    /// `ScheduleWakeup`: wakes the session later.
    pub struct ScheduleWakeupInput {
        /// After how many seconds.
        optional delay_seconds as "delaySeconds": f64,
        /// Why.
        optional reason: String,
        /// The prompt to submit.
        optional prompt: String,
        /// Whether to stop the wakeups.
        optional stop: bool,
        /// Whether nothing is scheduled.
        optional noop: bool,
    }
}

wire_struct! {
    /// `RemoteTrigger`: manages remote triggers.
    pub struct RemoteTriggerInput {
        /// What to do.
        required action: RemoteTriggerAction,
        /// The trigger's id.
        optional trigger_id: String,
        /// The session's id.
        optional session_id: String,
        /// Where a listing continues.
        optional cursor: String,
        /// The request body.
        optional body: Map<String, Value>,
    }
}

wire_struct! {
    /// `ShowOnboardingRolePicker`: shows the onboarding role picker.
    pub struct ShowOnboardingRolePickerInput {}
}

wire_struct! {
    /// `OfferChromeSetup`: offers to set up Chrome.
    pub struct OfferChromeSetupInput {
        /// Why.
        optional reason: String,
    }
}

wire_struct! {
    /// `ReadNotifications`: reads the notifications.
    pub struct ReadNotificationsInput {}
}

wire_struct! {
    /// A WebSocket `Monitor` watches.
    pub struct MonitorSocket {
        /// Its URL.
        required url: String,
        /// Its subprotocols.
        optional protocols: Vec<String>,
    }
}

wire_struct! {
    /// `Monitor`: watches a command's output or a WebSocket.
    pub struct MonitorInput {
        /// What is watched.
        required description: String,
        /// For how long, in milliseconds.
        required timeout_ms: f64,
        /// The command to watch.
        optional command: String,
        /// The WebSocket to watch.
        optional ws: MonitorSocket,
    }
}

wire_struct! {
    /// One edit of a skill proposal.
    pub struct SkillEdit {
        /// The text to replace.
        required old_string: String,
        /// The text to put in its place.
        required new_string: String,
    }
}

wire_struct! {
    /// One skill proposal.
    pub struct SkillProposal {
        /// The skill's name.
        required name: String,
        /// New, or an improvement.
        required kind: SkillProposalKind,
        /// The skill improved.
        optional target: String,
        /// What the skill does.
        required description: String,
        /// Why it is proposed.
        optional evidence: Vec<String>,
        /// The edits of an improvement.
        optional edits: Vec<SkillEdit>,
        /// The new skill's `SKILL.md`.
        optional skill_md as "skillMd": String,
    }
}

wire_struct! {
    /// `propose_skills`: proposes new or improved skills.
    pub struct ProposeSkillsInput {
        /// The proposals.
        required proposals: Vec<SkillProposal>,
    }
}

wire_struct! {
    /// `SetGoal` (formerly `ProposeGoal`): sets the session's goal.
    pub struct SetGoalInput {
        /// The completion condition.
        required condition: String,
        /// Whether the user approves it first.
        optional ask_user: bool,
    }
}

wire_struct! {
    /// `Artifact`: publishes and manages artifacts.
    pub struct ArtifactInput {
        /// What to do (publish when left out).
        optional action: ArtifactAction,
        /// The file to publish or upload.
        optional file_path: String,
        /// A favicon.
        optional favicon: String,
        /// An icon.
        optional icon: String,
        /// At most this many results.
        optional limit: f64,
        /// Where a listing continues.
        optional page_token: String,
        /// Whose artifacts to list.
        optional scope: ArtifactScope,
        /// The title.
        optional title: String,
        /// The description.
        optional description: String,
        /// The label.
        optional label: String,
        /// The artifact's URL.
        optional url: String,
        /// What to ask about a read artifact.
        optional prompt: String,
        /// Whether to overwrite.
        optional force: bool,
        /// Whether to pin it.
        optional pin: bool,
        /// Where read assets go.
        optional out_dir: String,
        /// Several files to upload.
        optional file_paths: Vec<String>,
        /// The asset's id.
        optional asset_id: String,
        /// Where an asset listing continues.
        optional after: String,
        /// What the artifact may do.
        optional capabilities: Map<String, Value>,
        /// The artifact's contract.
        optional contract: String,
    }
}

wire_struct! {
    /// `PushNotification`: notifies the user.
    pub struct PushNotificationInput {
        /// The message.
        required message: String,
        /// Its status.
        optional status: PushNotificationStatus,
    }
}

wire_struct! {
    /// `EnterWorktree`: moves the session into a worktree.
    pub struct EnterWorktreeInput {
        /// The worktree's name.
        optional name: String,
        /// The worktree's path.
        optional path: String,
    }
}

wire_struct! {
    /// `ExitWorktree`: leaves the worktree.
    pub struct ExitWorktreeInput {
        /// What to do with it.
        required action: ExitWorktreeAction,
        /// Whether uncommitted changes are discarded.
        optional discard_changes: bool,
    }
}
