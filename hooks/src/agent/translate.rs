//! What every translation between Claude's contract and another agent's
//! shares: the line of an event with no Claude counterpart, and Claude's
//! answer sorted field by field into what the other agent honours and a
//! line for each field it would not.

use std::fmt::Display;

use serde_json::{Map, Value};
use toolsmith_runtime::echo;

use crate::claude::{HookEvent, HookOutput, validate_hook_output};
use crate::contract::Agent;

/// The line of `agent`'s `event`, which no Claude Code event stands for.
pub(super) fn no_counterpart(agent: Agent, event: impl Display) -> Vec<String> {
    vec![format!(
        "Invalid hook input: {}'s \"{event}\" has no Claude Code counterpart, so a hook written for Claude's events cannot answer it; remove the hook from this event",
        agent.title()
    )]
}

/// What the other agent does with one field of Claude's answer.
pub(super) enum Take {
    /// It honours the field as it is.
    Keep,
    /// It would not honour it: a line.
    Refuse,
    /// The translation put what the agent reads in its place.
    Done,
}

/// The lines of the fields an agent would not honour on an event.
pub(super) struct Refusals<E> {
    agent: Agent,
    event: E,
    lines: Vec<String>,
}

impl<E: Display> Refusals<E> {
    /// A line for the field at `at`, holding `value`.
    pub(super) fn refuse(&mut self, at: &str, value: &Value) {
        let agent = self.agent.title();
        self.lines.push(format!(
            "Invalid hook output at {at}: {agent} does not honour {} on {}, so it would not apply; answer without it when the agent is {agent}",
            echo::shown(&value.to_string(), 64),
            self.event
        ));
    }
}

/// `fields` (at `at`) sorted by `take`: the ones kept into `kept`, a line
/// in `refusals` for each refused one.
pub(super) fn sort<E: Display>(
    fields: &Map<String, Value>,
    at: &str,
    kept: &mut Map<String, Value>,
    refusals: &mut Refusals<E>,
    mut take: impl FnMut(&str, &Value, &mut Map<String, Value>, &mut Refusals<E>) -> Take,
) {
    for (key, value) in fields {
        match take(key, value, kept, refusals) {
            Take::Keep => {
                kept.insert(key.clone(), value.clone());
            }
            Take::Refuse => refusals.refuse(&format!("{at}/{key}"), value),
            Take::Done => {}
        }
    }
}

/// Claude's `output`, checked as its answer to `claude_event`, translated
/// for `agent`'s `event` by `translate` (which sorts its fields into the
/// map returned): that map when the agent honours every field, else a line
/// per field it would not.
pub(super) fn translate<E: Display>(
    agent: Agent,
    event: E,
    claude_event: HookEvent,
    output: &HookOutput,
    translate: impl FnOnce(&Map<String, Value>, &mut Refusals<E>) -> Map<String, Value>,
) -> Result<Map<String, Value>, Vec<String>> {
    let json = output.to_json();
    validate_hook_output(claude_event, &json).map_err(|err| err.lines())?;
    let Value::Object(fields) = json else {
        unreachable!("an answer is an object")
    };
    let mut refusals = Refusals {
        agent,
        event,
        lines: Vec::new(),
    };
    let kept = translate(&fields, &mut refusals);
    if refusals.lines.is_empty() {
        Ok(kept)
    } else {
        Err(refusals.lines)
    }
}
