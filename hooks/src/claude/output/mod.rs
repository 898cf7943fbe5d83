//! What a hook answers: [`HookOutput`], built per event so that the agent
//! accepts it, and [`validate_hook_output`] for answers written by hand.
//!
//! Each event has a constructor (`HookOutput::pre_tool_use()`,
//! `HookOutput::stop()`, …) returning a builder with the fields that event
//! reads and nothing else: `hookSpecificOutput.hookEventName` is set by the
//! constructor, a reason that a decision needs is an argument of the method
//! that makes it, text is cut to the agent's cap of [`MAX_TEXT_CHARS`]. The
//! JSON is the `SyncHookJSONOutput` of the Claude Agent SDK; a test
//! type-checks every builder's output against the SDK's declarations with
//! `tsc`.
//!
//! ```
//! use toolsmith_hooks::{validate_hook_output, HookEvent, HookOutput};
//!
//! let answer: HookOutput = HookOutput::stop().block("2 tests fail: run `cargo test`").into();
//! assert_eq!(answer.to_string(), r#"{"decision":"block","reason":"2 tests fail: run `cargo test`"}"#);
//!
//! let hand_written = serde_json::json!({
//!     "hookSpecificOutput": { "hookEventName": "PreToolUse", "permissionDecision": "maybe" }
//! });
//! let err = validate_hook_output(HookEvent::PreToolUse, &hand_written).unwrap_err();
//! assert_eq!(
//!     err.lines(),
//!     [r#"Invalid hook output at /hookSpecificOutput/permissionDecision: must be one of allow, deny, ask, defer, got "maybe""#]
//! );
//! ```

use std::fmt;

use serde::{Serialize, Serializer};
use serde_json::{Map, Value};

use crate::claude::HookEvent;

mod builders;
mod permission;
mod schema;

pub use builders::{
    BlockOutput, CommonOutput, ContextOutput, ElicitationOutput, ExitBlockOutput,
    MessageDisplayOutput, PermissionAllowOutput, PermissionDeniedOutput, PermissionDenyOutput,
    PermissionRequestOutput, PostToolFeedbackOutput, PostToolUseOutput, PreModelSwitchOutput,
    PreSkillShellCommandOutput, PreToolUseOutput, SessionStartOutput, StopOutput,
    UserPromptExpansionOutput, UserPromptSubmitOutput, WatchPathsOutput, WorktreeCreateOutput,
};
pub use permission::{
    PermissionBehavior, PermissionDestination, PermissionMode, PermissionRule, PermissionUpdate,
};
pub use schema::{output_schema, validate_hook_output};

/// The most characters the agent keeps of a text it puts in the model's
/// context (`additionalContext`, `systemMessage`, a reason): longer text is
/// saved to a file and replaced by a preview (the hooks reference: "capped
/// at 10,000 characters"). Builders cut text to this length;
/// [`validate_hook_output`] refuses longer text.
pub const MAX_TEXT_CHARS: usize = 10_000;

/// A hook's answer: serializes to the exact JSON the agent reads.
///
/// Build it with the constructor of the event answered
/// (`HookOutput::pre_tool_use().deny("…")`, then `.into()`), or
/// [`HookOutput::empty`] for "nothing to say" (the action goes ahead as if
/// no hook ran). `Display` is the JSON.
#[derive(Debug, Clone, PartialEq)]
pub struct HookOutput {
    event: Option<HookEvent>,
    json: Map<String, Value>,
    exit_block: Option<String>,
}

impl HookOutput {
    /// No answer: valid for every event; the runner prints nothing and
    /// exits 0. A guard that finds nothing wrong answers this, not "allow",
    /// so the user's permission rules still apply.
    pub fn empty() -> HookOutput {
        HookOutput {
            event: None,
            json: Map::new(),
            exit_block: None,
        }
    }

    /// The event this answers; `None` for [`HookOutput::empty`].
    pub fn event(&self) -> Option<HookEvent> {
        self.event
    }

    /// Whether there is nothing to print.
    pub fn is_empty(&self) -> bool {
        self.json.is_empty() && self.exit_block.is_none()
    }

    /// The answer as JSON (`{}` when empty).
    pub fn to_json(&self) -> Value {
        Value::Object(self.json.clone())
    }

    /// The reason of a block that only an exit code can carry (TeammateIdle,
    /// TaskCreated, TaskCompleted): the runner writes it to stderr and
    /// exits 2.
    pub fn exit_block_reason(&self) -> Option<&str> {
        self.exit_block.as_deref()
    }

    /// The worktree path of a WorktreeCreate answer, which a command hook
    /// prints as a plain line.
    pub(crate) fn worktree_path(&self) -> Option<&str> {
        match self.event {
            Some(HookEvent::WorktreeCreate) => self
                .json
                .get("hookSpecificOutput")
                .and_then(|specific| specific.get("worktreePath"))
                .and_then(Value::as_str),
            _ => None,
        }
    }
}

impl Default for HookOutput {
    fn default() -> Self {
        HookOutput::empty()
    }
}

impl Serialize for HookOutput {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.json.serialize(serializer)
    }
}

impl fmt::Display for HookOutput {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match serde_json::to_string(&self.json) {
            Ok(text) => f.write_str(&text),
            Err(_) => Err(fmt::Error),
        }
    }
}

crate::contract::plain_answers!(HookOutput: HookOutput);
