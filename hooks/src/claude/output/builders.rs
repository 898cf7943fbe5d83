//! One builder per kind of answer. Each event's constructor on
//! [`HookOutput`] hands out the builder that holds exactly the fields the
//! event reads, with `hookSpecificOutput.hookEventName` set to it; what a
//! decision needs (the reason of a block or a deny) is an argument.

use serde_json::{Map, Value};

use super::{HookOutput, MAX_TEXT_CHARS, PermissionUpdate};
use crate::claude::{HookEvent, ToolInput};
use crate::contract::plain_answers;

/// `text`, cut to the agent's cap of [`MAX_TEXT_CHARS`] characters (the
/// last one `…`), so that an answer carrying it is never refused.
fn capped(text: impl Into<String>) -> String {
    let text = text.into();
    match text.char_indices().nth(MAX_TEXT_CHARS) {
        None => text,
        Some(_) => {
            let end = text
                .char_indices()
                .nth(MAX_TEXT_CHARS - 1)
                .map_or(text.len(), |(i, _)| i);
            let mut cut = text[..end].to_owned();
            cut.push('…');
            cut
        }
    }
}

/// What every builder holds: the event, the universal fields, a top-level
/// block, the event-specific fields in the order set.
#[derive(Debug, Clone, PartialEq)]
struct Base {
    event: HookEvent,
    halt: Option<String>,
    suppress_output: bool,
    system_message: Option<String>,
    block: Option<String>,
    specific: Map<String, Value>,
    exit_block: Option<String>,
}

impl Base {
    fn new(event: HookEvent) -> Self {
        Base {
            event,
            halt: None,
            suppress_output: false,
            system_message: None,
            block: None,
            specific: Map::new(),
            exit_block: None,
        }
    }

    fn set(&mut self, key: &str, value: impl Into<Value>) {
        self.specific.insert(key.to_owned(), value.into());
    }

    fn text(&mut self, key: &str, text: impl Into<String>) {
        self.set(key, capped(text));
    }

    fn finish(self) -> HookOutput {
        let mut json = Map::new();
        if let Some(reason) = self.halt {
            json.insert("continue".into(), Value::Bool(false));
            json.insert("stopReason".into(), Value::String(reason));
        }
        if self.suppress_output {
            json.insert("suppressOutput".into(), Value::Bool(true));
        }
        if self.block.is_some() {
            json.insert("decision".into(), Value::from("block"));
        }
        if let Some(message) = self.system_message {
            json.insert("systemMessage".into(), Value::String(message));
        }
        if let Some(reason) = self.block {
            json.insert("reason".into(), Value::String(reason));
        }
        if !self.specific.is_empty() {
            let mut specific = Map::new();
            specific.insert("hookEventName".into(), self.event.as_str().into());
            specific.extend(self.specific);
            json.insert("hookSpecificOutput".into(), Value::Object(specific));
        }
        HookOutput {
            event: Some(self.event),
            json,
            exit_block: self.exit_block,
        }
    }
}

macro_rules! builder {
    ($(#[$doc:meta])* $name:ident) => {
        $(#[$doc])*
        #[derive(Debug, Clone, PartialEq)]
        #[must_use = "an answer does nothing until the hook returns it"]
        pub struct $name {
            base: Base,
        }

        impl $name {
            /// Shows `message` to the user as a warning (`systemMessage`).
            pub fn system_message(mut self, message: impl Into<String>) -> Self {
                self.base.system_message = Some(capped(message));
                self
            }

            /// Leaves the hook's stdout out of the debug log
            /// (`suppressOutput`).
            pub fn suppress_output(mut self) -> Self {
                self.base.suppress_output = true;
                self
            }

            /// Stops the agent entirely after this hook (`continue: false`),
            /// with `reason` shown to the user, not to the model
            /// (`stopReason`). It takes precedence over any decision.
            pub fn stop_processing(mut self, reason: impl Into<String>) -> Self {
                self.base.halt = Some(reason.into());
                self
            }

            /// The event this answers.
            pub fn event(&self) -> HookEvent {
                self.base.event
            }
        }

        impl From<$name> for HookOutput {
            fn from(builder: $name) -> HookOutput {
                builder.base.finish()
            }
        }

        plain_answers!(HookOutput: $name);
    };
}

/// `permissionDecision` and its reason, as PreToolUse, PreSkillShellCommand
/// and PreModelSwitch take them.
macro_rules! permission_decision {
    ($name:ident) => {
        impl $name {
            /// Lets the call run without asking (`permissionDecision: "allow"`).
            pub fn allow(mut self) -> Self {
                self.base.set("permissionDecision", "allow");
                self.base.specific.shift_remove("permissionDecisionReason");
                self
            }

            /// Refuses, with `reason` for the model to act on
            /// (`permissionDecision: "deny"`, `permissionDecisionReason`).
            pub fn deny(mut self, reason: impl Into<String>) -> Self {
                self.base.set("permissionDecision", "deny");
                self.base.text("permissionDecisionReason", reason);
                self
            }

            /// Asks the user, showing `reason` (`permissionDecision: "ask"`).
            pub fn ask(mut self, reason: impl Into<String>) -> Self {
                self.base.set("permissionDecision", "ask");
                self.base.text("permissionDecisionReason", reason);
                self
            }
        }
    };
}

builder! {
    /// The answer to `PreToolUse`: allow, deny, ask or defer the call,
    /// rewrite its input, add context. With no decision the call goes
    /// through the normal permission flow.
    ///
    /// ```
    /// use toolsmith_hooks::HookOutput;
    ///
    /// let answer: HookOutput = HookOutput::pre_tool_use().deny("use `trash` instead of `rm -rf`").into();
    /// assert_eq!(
    ///     answer.to_string(),
    ///     r#"{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"use `trash` instead of `rm -rf`"}}"#
    /// );
    /// ```
    PreToolUseOutput
}
permission_decision!(PreToolUseOutput);

impl PreToolUseOutput {
    /// Leaves the decision to a later hook or the permission rules
    /// (`permissionDecision: "defer"`).
    pub fn defer(mut self) -> Self {
        self.base.set("permissionDecision", "defer");
        self.base.specific.shift_remove("permissionDecisionReason");
        self
    }

    /// Runs the tool with `input` instead of what the model sent
    /// (`updatedInput`); with [`allow`](Self::allow) it also skips the
    /// prompt, with [`ask`](Self::ask) the user sees the new input. The
    /// runner checks that `input` is one of the tool called.
    ///
    /// ```
    /// use toolsmith_hooks::{BashInput, HookOutput};
    ///
    /// let answer: HookOutput = HookOutput::pre_tool_use()
    ///     .allow()
    ///     .updated_input(BashInput::new("cargo test --locked"))
    ///     .into();
    /// assert_eq!(
    ///     answer.to_string(),
    ///     r#"{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow","updatedInput":{"command":"cargo test --locked"}}}"#
    /// );
    /// ```
    pub fn updated_input(mut self, input: impl Into<ToolInput>) -> Self {
        self.base
            .set("updatedInput", tool_input_object(&input.into()));
        self
    }

    /// Adds `context` for the model before the tool runs
    /// (`additionalContext`).
    pub fn additional_context(mut self, context: impl Into<String>) -> Self {
        self.base.text("additionalContext", context);
        self
    }
}

/// A tool input as the JSON object `updatedInput` carries.
fn tool_input_object(input: &ToolInput) -> Value {
    match serde_json::to_value(input) {
        Ok(value @ Value::Object(_)) => value,
        // A tool input is an object by its schema; anything else would be
        // refused by the agent, so it is sent as no change at all.
        _ => Value::Object(Map::new()),
    }
}

builder! {
    /// The answer to `PreSkillShellCommand`: a shell command in a skill's
    /// text. "allow" adds nothing; deny, ask and defer keep it from running.
    PreSkillShellCommandOutput
}
permission_decision!(PreSkillShellCommandOutput);

impl PreSkillShellCommandOutput {
    /// Leaves the decision to others (`permissionDecision: "defer"`); the
    /// command does not run.
    pub fn defer(mut self) -> Self {
        self.base.set("permissionDecision", "defer");
        self.base.specific.shift_remove("permissionDecisionReason");
        self
    }
}

builder! {
    /// The answer to `PreModelSwitch`: allow, deny or ask about the switch.
    PreModelSwitchOutput
}
permission_decision!(PreModelSwitchOutput);

builder! {
    /// The answer to `PermissionRequest` before a decision: only the
    /// universal fields. [`allow`](Self::allow) and [`deny`](Self::deny)
    /// decide for the user.
    PermissionRequestOutput
}

impl PermissionRequestOutput {
    /// Grants the permission (`decision.behavior: "allow"`).
    pub fn allow(self) -> PermissionAllowOutput {
        let mut base = self.base;
        base.set("decision", serde_json::json!({ "behavior": "allow" }));
        PermissionAllowOutput { base }
    }

    /// Refuses the permission, with `message` for the model
    /// (`decision.behavior: "deny"`).
    pub fn deny(self, message: impl Into<String>) -> PermissionDenyOutput {
        let mut base = self.base;
        base.set(
            "decision",
            serde_json::json!({ "behavior": "deny", "message": capped(message) }),
        );
        PermissionDenyOutput { base }
    }
}

impl Base {
    /// The `decision` object of a PermissionRequest answer.
    fn decision(&mut self) -> &mut Map<String, Value> {
        match self.specific.get_mut("decision") {
            Some(Value::Object(decision)) => decision,
            // Set by `allow`/`deny`, the only ways to these builders.
            _ => unreachable!("a permission decision is an object"),
        }
    }
}

builder! {
    /// A `PermissionRequest` answer granting the permission.
    PermissionAllowOutput
}

impl PermissionAllowOutput {
    /// Runs the tool with `input` instead (`updatedInput`).
    pub fn updated_input(mut self, input: impl Into<ToolInput>) -> Self {
        let input = tool_input_object(&input.into());
        self.base.decision().insert("updatedInput".into(), input);
        self
    }

    /// Also applies `updates` to the permission settings, so the user is
    /// not asked again (`updatedPermissions`).
    pub fn updated_permissions(
        mut self,
        updates: impl IntoIterator<Item = PermissionUpdate>,
    ) -> Self {
        let updates: Vec<Value> = updates
            .into_iter()
            .map(|update| serde_json::to_value(update).unwrap_or(Value::Null))
            .collect();
        self.base
            .decision()
            .insert("updatedPermissions".into(), Value::Array(updates));
        self
    }
}

builder! {
    /// A `PermissionRequest` answer refusing the permission.
    PermissionDenyOutput
}

impl PermissionDenyOutput {
    /// Also interrupts the agent (`interrupt: true`).
    pub fn interrupt(mut self) -> Self {
        self.base
            .decision()
            .insert("interrupt".into(), Value::Bool(true));
        self
    }
}

/// `block(reason)`: a top-level `decision: "block"` with its reason.
macro_rules! block {
    ($name:ident, $what:literal) => {
        impl $name {
            #[doc = concat!("Blocks: ", $what, " (`decision: \"block\"`, `reason`).")]
            pub fn block(mut self, reason: impl Into<String>) -> Self {
                self.base.block = Some(capped(reason));
                self
            }
        }
    };
}

macro_rules! additional_context {
    ($name:ident, $where:literal) => {
        impl $name {
            #[doc = concat!("Adds `context` ", $where, " (`additionalContext`).")]
            pub fn additional_context(mut self, context: impl Into<String>) -> Self {
                self.base.text("additionalContext", context);
                self
            }
        }
    };
}

builder! {
    /// The answer to `UserPromptSubmit`: block the prompt, add context,
    /// name the session.
    UserPromptSubmitOutput
}
block!(
    UserPromptSubmitOutput,
    "the prompt is not processed and is erased; `reason` is shown to the user"
);
additional_context!(UserPromptSubmitOutput, "for the model");

impl UserPromptSubmitOutput {
    /// Names the session, as `/rename` does (`sessionTitle`).
    pub fn session_title(mut self, title: impl Into<String>) -> Self {
        self.base.set("sessionTitle", title.into());
        self
    }

    /// On a block, leaves the original prompt out of the block message
    /// (`suppressOriginalPrompt`).
    pub fn suppress_original_prompt(mut self) -> Self {
        self.base.set("suppressOriginalPrompt", true);
        self
    }
}

builder! {
    /// The answer to `UserPromptExpansion`: block the expansion, add
    /// context.
    UserPromptExpansionOutput
}
block!(
    UserPromptExpansionOutput,
    "the command does not expand; `reason` is shown to the user"
);
additional_context!(UserPromptExpansionOutput, "beside the expanded prompt");

impl UserPromptExpansionOutput {
    /// On a block, leaves the original prompt out of the block message
    /// (`suppressOriginalPrompt`).
    pub fn suppress_original_prompt(mut self) -> Self {
        self.base.set("suppressOriginalPrompt", true);
        self
    }
}

builder! {
    /// The answer to `PostToolUse`: feedback for the model, or the tool's
    /// output replaced.
    PostToolUseOutput
}
block!(
    PostToolUseOutput,
    "the tool already ran; `reason` is fed back to the model"
);
additional_context!(PostToolUseOutput, "for the model after the tool result");

impl PostToolUseOutput {
    /// Context for the auto-mode permission classifier (`classifierContext`,
    /// at most 2,000 characters, cut to that).
    pub fn classifier_context(mut self, context: impl Into<String>) -> Self {
        let context: String = context.into();
        let cut: String = match context.char_indices().nth(2000) {
            None => context,
            Some((end, _)) => context[..end].to_owned(),
        };
        self.base.set("classifierContext", cut);
        self
    }

    /// Replaces the tool's output before the model sees it
    /// (`updatedToolOutput`; works for every tool).
    pub fn updated_tool_output(mut self, output: Value) -> Self {
        self.base.set("updatedToolOutput", output);
        self
    }
}

builder! {
    /// The answer to `PostToolUseFailure` and `PostToolBatch`: feedback for
    /// the model. (The replacement fields of `PostToolUse` are not here:
    /// there is no output to replace.)
    PostToolFeedbackOutput
}
block!(
    PostToolFeedbackOutput,
    "`reason` is fed back to the model (on PostToolBatch the loop stops before the next model call)"
);
additional_context!(PostToolFeedbackOutput, "for the model");

builder! {
    /// The answer to `Stop` and `SubagentStop`: let the agent stop, keep it
    /// working with a reason ([`block`](Self::block)), or keep it working
    /// with non-error feedback
    /// ([`additional_context`](Self::additional_context)). The two are
    /// alternatives: the later call replaces the earlier.
    ///
    /// ```
    /// use toolsmith_hooks::HookOutput;
    ///
    /// let answer: HookOutput = HookOutput::stop().block("`cargo test` fails: fix it before stopping").into();
    /// assert_eq!(
    ///     answer.to_string(),
    ///     r#"{"decision":"block","reason":"`cargo test` fails: fix it before stopping"}"#
    /// );
    /// ```
    StopOutput
}

impl StopOutput {
    /// Keeps the agent working; `reason` tells it what is left
    /// (`decision: "block"`, `reason`).
    pub fn block(mut self, reason: impl Into<String>) -> Self {
        self.base.specific.shift_remove("additionalContext");
        self.base.block = Some(capped(reason));
        self
    }

    /// Keeps the agent working with `context` as non-error feedback
    /// (`additionalContext`, never combined with a decision).
    pub fn additional_context(mut self, context: impl Into<String>) -> Self {
        self.base.block = None;
        self.base.text("additionalContext", context);
        self
    }
}

builder! {
    /// The answer to `ConfigChange` and `PreCompact`: block the change or
    /// the compaction. These events have no `hookSpecificOutput`.
    BlockOutput
}
block!(BlockOutput, "the change or the compaction does not happen");

builder! {
    /// The answer to `Setup`, `SubagentStart`, `PostModelSwitch` and
    /// `Notification`: context for the model.
    ContextOutput
}
additional_context!(ContextOutput, "for the model");

builder! {
    /// The answer to `SessionStart`: context, a first message, a title,
    /// files to watch.
    SessionStartOutput
}
additional_context!(SessionStartOutput, "for the model at the start");

impl SessionStartOutput {
    /// Sends `message` as the session's first user message
    /// (`initialUserMessage`).
    pub fn initial_user_message(mut self, message: impl Into<String>) -> Self {
        self.base.text("initialUserMessage", message);
        self
    }

    /// Names the session (`sessionTitle`).
    pub fn session_title(mut self, title: impl Into<String>) -> Self {
        self.base.set("sessionTitle", title.into());
        self
    }

    /// Files whose changes fire `FileChanged` (`watchPaths`).
    pub fn watch_paths<S: Into<String>>(mut self, paths: impl IntoIterator<Item = S>) -> Self {
        let paths: Vec<Value> = paths.into_iter().map(|p| Value::String(p.into())).collect();
        self.base.set("watchPaths", paths);
        self
    }

    /// Scans the skill and command directories again after the hooks ran
    /// (`reloadSkills`).
    pub fn reload_skills(mut self) -> Self {
        self.base.set("reloadSkills", true);
        self
    }
}

builder! {
    /// The answer to `PermissionDenied`: tell the model it may retry.
    PermissionDeniedOutput
}

impl PermissionDeniedOutput {
    /// The model may retry the denied call (`retry: true`).
    pub fn retry(mut self) -> Self {
        self.base.set("retry", true);
        self
    }
}

builder! {
    /// The answer to `Elicitation` and `ElicitationResult`: accept, decline
    /// or cancel an MCP server's request for input.
    ElicitationOutput
}

impl ElicitationOutput {
    /// Accepts, with the form's field values (`action: "accept"`, `content`).
    pub fn accept(mut self, content: Map<String, Value>) -> Self {
        self.base.set("action", "accept");
        self.base.set("content", content);
        self
    }

    /// Declines (`action: "decline"`).
    pub fn decline(mut self) -> Self {
        self.base.specific.shift_remove("content");
        self.base.set("action", "decline");
        self
    }

    /// Cancels (`action: "cancel"`).
    pub fn cancel(mut self) -> Self {
        self.base.specific.shift_remove("content");
        self.base.set("action", "cancel");
        self
    }
}

builder! {
    /// The answer to `CwdChanged` and `FileChanged`: the files to watch.
    WatchPathsOutput
}

impl WatchPathsOutput {
    /// Files whose changes fire `FileChanged` (`watchPaths`).
    pub fn watch_paths<S: Into<String>>(mut self, paths: impl IntoIterator<Item = S>) -> Self {
        let paths: Vec<Value> = paths.into_iter().map(|p| Value::String(p.into())).collect();
        self.base.set("watchPaths", paths);
        self
    }
}

builder! {
    /// The answer to `WorktreeCreate`: the absolute path of the worktree
    /// made. The runner prints it as the plain line a command hook answers
    /// with.
    WorktreeCreateOutput
}

builder! {
    /// The answer to `MessageDisplay`: what to show in place of a message
    /// delta (display only).
    MessageDisplayOutput
}

impl MessageDisplayOutput {
    /// Shows `content` in place of the delta (`displayContent`).
    pub fn display_content(mut self, content: impl Into<String>) -> Self {
        self.base.set("displayContent", content.into());
        self
    }
}

builder! {
    /// The answer to `TeammateIdle`, `TaskCreated` and `TaskCompleted`,
    /// which block by exit code only: [`block`](Self::block) makes the
    /// runner exit 2 with the reason on stderr.
    ExitBlockOutput
}

impl ExitBlockOutput {
    /// Blocks (the teammate keeps working, the task is not created or not
    /// completed), with `reason` for the model: exit code 2 and `reason`
    /// on stderr. The other fields are not printed: on exit 2 the agent
    /// reads no JSON.
    pub fn block(mut self, reason: impl Into<String>) -> Self {
        self.base.exit_block = Some(capped(reason));
        self
    }
}

builder! {
    /// The answer to the events that decide nothing (`SessionEnd`,
    /// `StopFailure`, `PostCompact`, `WorktreeRemove`,
    /// `InstructionsLoaded`, `DirectoryAdded`): the universal fields only.
    CommonOutput
}

/// Each event's constructor.
macro_rules! constructors {
    ($($(#[$doc:meta])* $fn:ident => $builder:ident($event:ident),)*) => {
        impl HookOutput {
            $(
                $(#[$doc])*
                pub fn $fn() -> $builder {
                    $builder { base: Base::new(HookEvent::$event) }
                }
            )*
        }
    };
}

constructors! {
    /// An answer to `PreToolUse`.
    pre_tool_use => PreToolUseOutput(PreToolUse),
    /// An answer to `PostToolUse`.
    post_tool_use => PostToolUseOutput(PostToolUse),
    /// An answer to `PostToolUseFailure`.
    post_tool_use_failure => PostToolFeedbackOutput(PostToolUseFailure),
    /// An answer to `PostToolBatch`.
    post_tool_batch => PostToolFeedbackOutput(PostToolBatch),
    /// An answer to `Notification`.
    notification => ContextOutput(Notification),
    /// An answer to `UserPromptSubmit`.
    user_prompt_submit => UserPromptSubmitOutput(UserPromptSubmit),
    /// An answer to `UserPromptExpansion`.
    user_prompt_expansion => UserPromptExpansionOutput(UserPromptExpansion),
    /// An answer to `SessionStart`.
    session_start => SessionStartOutput(SessionStart),
    /// An answer to `SessionEnd`.
    session_end => CommonOutput(SessionEnd),
    /// An answer to `Stop`.
    stop => StopOutput(Stop),
    /// An answer to `StopFailure` (the agent ignores it).
    stop_failure => CommonOutput(StopFailure),
    /// An answer to `SubagentStart`.
    subagent_start => ContextOutput(SubagentStart),
    /// An answer to `SubagentStop`.
    subagent_stop => StopOutput(SubagentStop),
    /// An answer to `PreCompact`.
    pre_compact => BlockOutput(PreCompact),
    /// An answer to `PostCompact`.
    post_compact => CommonOutput(PostCompact),
    /// An answer to `PreModelSwitch`.
    pre_model_switch => PreModelSwitchOutput(PreModelSwitch),
    /// An answer to `PostModelSwitch`.
    post_model_switch => ContextOutput(PostModelSwitch),
    /// An answer to `PermissionRequest`.
    permission_request => PermissionRequestOutput(PermissionRequest),
    /// An answer to `PermissionDenied`.
    permission_denied => PermissionDeniedOutput(PermissionDenied),
    /// An answer to `Setup`.
    setup => ContextOutput(Setup),
    /// An answer to `TeammateIdle`.
    teammate_idle => ExitBlockOutput(TeammateIdle),
    /// An answer to `TaskCreated`.
    task_created => ExitBlockOutput(TaskCreated),
    /// An answer to `TaskCompleted`.
    task_completed => ExitBlockOutput(TaskCompleted),
    /// An answer to `Elicitation`.
    elicitation => ElicitationOutput(Elicitation),
    /// An answer to `ElicitationResult`.
    elicitation_result => ElicitationOutput(ElicitationResult),
    /// An answer to `ConfigChange`.
    config_change => BlockOutput(ConfigChange),
    /// An answer to `WorktreeRemove`.
    worktree_remove => CommonOutput(WorktreeRemove),
    /// An answer to `InstructionsLoaded`.
    instructions_loaded => CommonOutput(InstructionsLoaded),
    /// An answer to `CwdChanged`.
    cwd_changed => WatchPathsOutput(CwdChanged),
    /// An answer to `FileChanged`.
    file_changed => WatchPathsOutput(FileChanged),
    /// An answer to `DirectoryAdded`.
    directory_added => CommonOutput(DirectoryAdded),
    /// An answer to `MessageDisplay`.
    message_display => MessageDisplayOutput(MessageDisplay),
    /// An answer to `PreSkillShellCommand`.
    pre_skill_shell_command => PreSkillShellCommandOutput(PreSkillShellCommand),
}

impl HookOutput {
    /// The answer to `WorktreeCreate`: `path`, the absolute path of the
    /// worktree made (`worktreePath`).
    pub fn worktree_create(path: impl Into<String>) -> WorktreeCreateOutput {
        let mut base = Base::new(HookEvent::WorktreeCreate);
        base.set("worktreePath", path.into());
        WorktreeCreateOutput { base }
    }
}
