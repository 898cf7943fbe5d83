//! The agreement check: for a tool, generated inputs (valid ones, then
//! mutated ones, then JSON text with numbers a `Value` cannot hold) go down
//! both paths:
//!
//! - the typed path, `validate_input` (serde first, the validator when
//!   serde or the typed checks refuse) and `validate_input_str` from text;
//! - the schema path, the tool's `Validator` with the same repairs.
//!
//! They must agree on every input: accepted by one ⇔ accepted by the other,
//! and when both refuse, the same lines. `TOOLSMITH_AGREEMENT_CASES` sets
//! the number of inputs per tool and kind (default 4,000: 12,000 per tool).
//! Every test file that defines tools runs [`assert_agreement`] on them;
//! `oracle/tests/agreement` runs it on the examples' tools and a zoo of every
//! argument type.

use proptest::prelude::*;
use proptest::test_runner::{Config, TestCaseError, TestRunner};
use serde_json::Value;
use toolsmith::{RepairPolicy, Tool, validate_input_str, validate_input_with};

use super::generate::{self, Rng};

/// What one path said about one input.
#[derive(Debug, PartialEq)]
pub enum Verdict {
    Accepted,
    Refused(Vec<String>),
}

fn verdict<T>(result: Result<T, toolsmith::ToolInputError>) -> Verdict {
    match result {
        Ok(_) => Verdict::Accepted,
        Err(err) => Verdict::Refused(err.lines()),
    }
}

/// The schema path: repair as the default policy allows, then validate.
fn by_schema<T: Tool>(tool: &T, input: &Value) -> Verdict {
    let mut copy = input.clone();
    verdict(
        tool.validator()
            .validate_with(&mut copy, &RepairPolicy::default()),
    )
}

/// The typed path from a `Value`.
fn by_type<T: Tool>(tool: &T, input: &Value) -> Verdict {
    verdict(validate_input_with(tool, input, &RepairPolicy::default()))
}

/// Both paths agree on `input`, and the text path agrees with them.
fn check_value<T: Tool>(tool: &T, input: &Value) -> Result<(), String> {
    let typed = by_type(tool, input);
    let schema = by_schema(tool, input);
    if typed != schema {
        return Err(format!(
            "{}: the typed path and the schema disagree on {input}\n typed:  {typed:?}\n schema: {schema:?}",
            tool.name()
        ));
    }
    check_text(tool, &input.to_string())
}

/// The text path agrees with the `Value` path on the same text: refused
/// alike when the text is no JSON a `Value` holds, else the same verdict.
fn check_text<T: Tool>(tool: &T, text: &str) -> Result<(), String> {
    let from_text = verdict(validate_input_str(tool, text));
    let from_value = match serde_json::from_str::<Value>(text) {
        Ok(value) => {
            let typed = by_type(tool, &value);
            let schema = by_schema(tool, &value);
            if typed != schema {
                return Err(format!(
                    "{}: the typed path and the schema disagree on {text}\n typed:  {typed:?}\n schema: {schema:?}",
                    tool.name()
                ));
            }
            typed
        }
        Err(_) => match &from_text {
            Verdict::Refused(_) => return Ok(()),
            Verdict::Accepted => {
                return Err(format!(
                    "{}: text no `Value` holds was accepted from text: {text}",
                    tool.name()
                ));
            }
        },
    };
    if from_text != from_value {
        return Err(format!(
            "{}: the text path and the value path disagree on {text}\n text:  {from_text:?}\n value: {from_value:?}",
            tool.name()
        ));
    }
    Ok(())
}

/// Inputs per tool and kind.
pub fn cases() -> u32 {
    std::env::var("TOOLSMITH_AGREEMENT_CASES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(4000)
}

/// Runs the three kinds of generated input through [`check_value`] and
/// [`check_text`], panicking with the shrunk counterexample on the first
/// disagreement. Returns how many inputs were checked.
pub fn agree<T: Tool>(tool: &T, samples: generate::Samples) -> u32 {
    let schema = tool.input_schema();
    let config = Config {
        cases: cases(),
        failure_persistence: None,
        ..Config::default()
    };
    let mut checked = 0;
    let mut run = |name: &str,
                   strategy: BoxedStrategy<(Value, u64)>,
                   test: &dyn Fn(&Value, u64) -> Result<(), String>| {
        let mut runner = TestRunner::new(config.clone());
        let result = runner.run(&strategy, |(value, seed)| {
            test(&value, seed).map_err(TestCaseError::fail)
        });
        if let Err(err) = result {
            panic!("{} ({name} inputs): {err}", tool.name());
        }
        checked += config.cases;
    };
    let seeded = || (generate::valid_with(schema, samples, 0.2), any::<u64>()).boxed();
    run("valid", seeded(), &|value, _| check_value(tool, value));
    run("mutated", seeded(), &|value, seed| {
        let mutated = generate::mutate(value.clone(), &mut Rng::new(seed));
        check_value(tool, &mutated)
    });
    run("big-number text", seeded(), &|value, seed| {
        let text = generate::text_with_big_number(value, &mut Rng::new(seed));
        check_text(tool, &text)
    });
    checked
}

/// Valid inputs must mostly be accepted, or the generator tests nothing.
pub fn accepts_generated<T: Tool>(tool: &T, samples: generate::Samples) {
    let mut runner = TestRunner::new(Config {
        cases: 200,
        failure_persistence: None,
        ..Config::default()
    });
    let strategy = generate::valid_with(tool.input_schema(), samples, 0.0);
    let mut accepted = 0;
    for _ in 0..200 {
        let value = strategy.new_tree(&mut runner).unwrap().current();
        if by_type(tool, &value) == Verdict::Accepted {
            accepted += 1;
        }
    }
    assert!(
        accepted >= 150,
        "{}: only {accepted} of 200 generated valid inputs were accepted",
        tool.name()
    );
}

/// Runs a future that never waits: the zoo's functions are synchronous.
fn block_on<F: std::future::Future>(future: F) -> F::Output {
    let mut future = std::pin::pin!(future);
    let mut cx = std::task::Context::from_waker(std::task::Waker::noop());
    loop {
        if let std::task::Poll::Ready(output) = future.as_mut().poll(&mut cx) {
            return output;
        }
    }
}

/// Every accepted call reaches the function with finite numbers: no
/// number the model sends turns into `inf` or `NaN` on the way (the zoo's
/// functions print what they were given).
pub fn numbers_stay_finite<T: Tool<Context = ()>>(tool: &T) {
    let mut runner = TestRunner::new(Config {
        cases: cases(),
        failure_persistence: None,
        ..Config::default()
    });
    let strategy = (generate::valid(tool.input_schema()), any::<u64>())
        .prop_map(|(value, seed)| generate::mutate(value, &mut Rng::new(seed)));
    let result = runner.run(&strategy, |input| {
        if let Ok(Value::String(printed)) =
            block_on(toolsmith::invoke_tool(tool, input.clone(), ()))
        {
            prop_assert!(
                !printed.contains("inf") && !printed.contains("NaN"),
                "{input} reached the function as {printed}"
            );
        }
        Ok(())
    });
    if let Err(err) = result {
        panic!("{}: {err}", tool.name());
    }
}

/// The whole check for one tool: the generator's valid inputs are mostly
/// accepted (or it tests nothing), then [`agree`] on every kind of input.
pub fn assert_agreement<T: Tool>(tool: &T) {
    assert_agreement_with(tool, &[]);
}

/// [`assert_agreement`], with strings for the properties a type reads by
/// parsing them (a date-time): `samples` gives valid ones and near misses.
pub fn assert_agreement_with<T: Tool>(tool: &T, samples: generate::Samples) {
    accepts_generated(tool, samples);
    let checked = agree(tool, samples);
    assert!(checked >= 3 * cases());
}
