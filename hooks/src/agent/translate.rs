//! A hook written against Claude's contract, run by another agent: the
//! [`Translation`] each such agent gives (its payload as Claude's input,
//! Claude's answer in its shape), the one [`Contract`] they make
//! ([`Translated`]), and what every translation shares: the line of an
//! event with no Claude counterpart, and Claude's answer sorted field by
//! field into what the other agent honours and a line for each field it
//! would not.

use std::fmt::Display;
use std::marker::PhantomData;

use serde_json::{Map, Value};
use toolsmith_runtime::echo;

use crate::claude::{HookEvent, HookInput, HookOutput, validate_hook_input, validate_hook_output};
use crate::contract::{Contract, ContractEvent, Outcome, check_built_for};
use crate::output::JsonOutput;

/// How another agent runs a hook written against Claude's contract.
pub(super) trait Translation {
    /// The agent's own contract.
    type Agent: Contract;

    /// The Claude Code event the agent's `event` reads as, if it has one.
    fn counterpart(event: <Self::Agent as Contract>::Event) -> Option<HookEvent>;

    /// The fields of a payload of the agent's `event`, valid for the
    /// agent's contract, rewritten as Claude sends them (`hook_event_name`
    /// is already Claude's).
    fn claude_fields(event: <Self::Agent as Contract>::Event, fields: &mut Map<String, Value>);

    /// How a line names the agent's `event` beside its Claude counterpart:
    /// nothing, or ` (Gemini CLI's "BeforeTool")`.
    fn sent_as(event: <Self::Agent as Contract>::Event) -> String {
        let _ = event;
        String::new()
    }

    /// Claude's `output`, answered to the agent's `event`, in the agent's
    /// shape: one line per field the agent would not honour.
    fn answer(
        event: <Self::Agent as Contract>::Event,
        output: &HookOutput,
    ) -> Result<<Self::Agent as Contract>::Output, Vec<String>>;
}

/// Claude's contract as the agent of `T` runs it: the agent's payload and
/// exit codes, Claude's input and answer.
pub(super) struct Translated<T>(PhantomData<T>);

impl<T: Translation> Contract for Translated<T> {
    const NAME: &'static str = T::Agent::NAME;
    type Event = <T::Agent as Contract>::Event;
    type Input = HookInput;
    type Output = HookOutput;

    /// `payload`, valid for the agent's contract, as Claude's input of the
    /// counterpart event, with the agent's event.
    fn read(payload: &Value) -> Result<(Self::Event, HookInput), Vec<String>> {
        let (event, _) = T::Agent::read(payload)?;
        let Some(claude_event) = T::counterpart(event) else {
            return Err(no_counterpart(T::Agent::NAME, event));
        };
        let mut fields = payload.as_object().cloned().unwrap_or_default();
        fields.insert(
            "hook_event_name".to_owned(),
            Value::from(claude_event.as_str()),
        );
        T::claude_fields(event, &mut fields);
        let input = validate_hook_input(&Value::Object(fields)).map_err(|err| err.lines())?;
        Ok((event, input))
    }

    fn answer(
        event: Self::Event,
        payload: &Value,
        output: HookOutput,
    ) -> Result<Outcome, Vec<String>> {
        check_built_for(output.event(), counterpart::<T>(event), &T::sent_as(event))?;
        T::Agent::answer(event, payload, T::answer(event, &output)?)
    }

    fn never_fails_closed(event: Self::Event) -> bool {
        T::Agent::never_fails_closed(event)
    }
}

/// The Claude Code event of `T`'s `event`, which has one whenever its
/// payload was read.
fn counterpart<T: Translation>(event: <T::Agent as Contract>::Event) -> HookEvent {
    T::counterpart(event).expect("an event read has a Claude counterpart")
}

/// The line of `agent`'s `event`, which no Claude Code event stands for.
fn no_counterpart(agent: &str, event: impl Display) -> Vec<String> {
    vec![format!(
        "Invalid hook input: {}'s \"{event}\" has no Claude Code counterpart, so a hook written for Claude's events cannot answer it; remove the hook from this event",
        agent
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
    agent: &'static str,
    event: E,
    lines: Vec<String>,
}

impl<E: Display> Refusals<E> {
    /// A line for the field at `at`, holding `value`.
    pub(super) fn refuse(&mut self, at: &str, value: &Value) {
        let agent = self.agent;
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

/// Claude's answer's top-level `fields` sorted by `take`: the ones kept, a
/// line in `refusals` for each refused one.
pub(super) fn sort_answer<E: Display>(
    fields: &Map<String, Value>,
    refusals: &mut Refusals<E>,
    take: impl FnMut(&str, &Value, &mut Map<String, Value>, &mut Refusals<E>) -> Take,
) -> Map<String, Value> {
    let mut kept = Map::new();
    sort(fields, "", &mut kept, refusals, take);
    kept
}

/// Claude's `output`, checked as its answer to the counterpart of `T`'s
/// `event`, translated by `translate` (which sorts its fields into the map
/// it returns): the agent's answer when it honours every field, else a line per
/// field it would not.
pub(super) fn translate<T, E>(
    event: E,
    output: &HookOutput,
    translate: impl FnOnce(&Map<String, Value>, &mut Refusals<E>) -> Map<String, Value>,
) -> Result<JsonOutput<E>, Vec<String>>
where
    T: Translation,
    T::Agent: Contract<Event = E, Output = JsonOutput<E>>,
    E: ContractEvent,
{
    let json = output.to_json();
    validate_hook_output(counterpart::<T>(event), &json).map_err(|err| err.lines())?;
    let Value::Object(fields) = json else {
        unreachable!("an answer is an object")
    };
    let mut refusals = Refusals {
        agent: T::Agent::NAME,
        event,
        lines: Vec::new(),
    };
    let kept = translate(&fields, &mut refusals);
    if refusals.lines.is_empty() {
        Ok(JsonOutput::from_json(event, kept))
    } else {
        Err(refusals.lines)
    }
}
