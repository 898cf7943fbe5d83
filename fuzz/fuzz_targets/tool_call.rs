//! A `#[tool]` function's typed path on arbitrary call text.
//!
//! The tool takes a nested struct that denies unknown fields, a unit enum,
//! numeric bounds, a pattern with length bounds, `Option` and `Vec`. The
//! input is read as the JSON text of a call and given to
//! `validate_input_str`, and, when it parses as JSON, to `validate_input`.
//! Checks that neither panics, that when both accept they return equal
//! arguments, that they accept and refuse the same calls, and that every
//! refusal comes as at most 21 safe single lines.

#![no_main]

use libfuzzer_sys::fuzz_target;
use serde::Deserialize;
use serde_json::Value;
use toolsmith::{ToolArg, ToolInputError, tool, validate_input, validate_input_str};
use toolsmith_fuzz::check_lines;

/// Units for distances.
#[derive(Debug, Clone, Copy, PartialEq, Deserialize, ToolArg)]
pub enum Unit {
    #[serde(rename = "km")]
    Kilometers,
    #[serde(rename = "mi")]
    Miles,
}

/// A point on the map.
#[derive(Debug, Clone, PartialEq, Deserialize, ToolArg)]
#[serde(deny_unknown_fields)]
pub struct Point {
    /// Degrees north.
    #[arg(min = -90, max = 90)]
    pub latitude: f64,
    /// Degrees east.
    #[arg(min = -180, max = 180)]
    pub longitude: f64,
    /// What the place is called.
    #[arg(max_length = 16)]
    pub place_name: Option<String>,
}

/// A stop on the way.
#[derive(Debug, Clone, PartialEq, Deserialize, ToolArg)]
#[serde(deny_unknown_fields)]
pub struct Stop {
    /// Where.
    pub at: Point,
    /// How long, in minutes.
    #[arg(min = 0, max = 600)]
    pub minutes: u16,
    /// Labels.
    #[arg(max_items = 3)]
    pub tags: Vec<String>,
}

/// Plans a route.
///
/// # Arguments
///
/// * `name` - a short identifier
/// * `from` - where the route starts
/// * `stops` - where it stops
/// * `unit` - the unit of distances
/// * `limit` - how many routes to return
/// * `avoid` - units to avoid
/// * `offset` - a signed shift
/// * `verbose` - whether to explain
#[tool]
#[allow(clippy::too_many_arguments)]
pub fn plan_route(
    #[arg(pattern = r"^[a-z][a-z0-9_-]*$", min_length = 1, max_length = 32)] name: String,
    from: Point,
    #[arg(min_items = 1, max_items = 4)] stops: Vec<Stop>,
    unit: Unit,
    #[arg(min = 1, max = 50)] limit: Option<u8>,
    avoid: Option<Vec<Unit>>,
    #[arg(min = -1000, max = 1000)] offset: i64,
    verbose: bool,
) -> String {
    let _ = (from, stops, unit, limit, avoid, offset, verbose);
    name
}

/// The arguments as a comparable tuple (`PlanRouteArgs` has no `PartialEq`).
type Fields = (
    String,
    Point,
    Vec<Stop>,
    Unit,
    Option<u8>,
    Option<Vec<Unit>>,
    i64,
    bool,
);

fn fields(args: PlanRouteArgs) -> Fields {
    (
        args.name,
        args.from,
        args.stops,
        args.unit,
        args.limit,
        args.avoid,
        args.offset,
        args.verbose,
    )
}

#[track_caller]
fn check(result: &Result<PlanRouteArgs, ToolInputError>) {
    if let Err(err) = result {
        check_lines(&err.lines());
    }
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let from_str = validate_input_str(&PlanRoute, text);
    check(&from_str);
    let Ok(value) = serde_json::from_str::<Value>(text) else {
        assert!(
            from_str.is_err(),
            "validate_input_str accepted text that is not JSON"
        );
        return;
    };
    let from_value = validate_input(&PlanRoute, &value);
    check(&from_value);
    match (from_str, from_value) {
        (Ok(a), Ok(b)) => assert_eq!(fields(a), fields(b), "typed arguments differ"),
        (Err(a), Err(b)) => assert_eq!(a.lines(), b.lines(), "refused with different lines"),
        (Ok(_), Err(err)) => panic!("only validate_input refused: {:?}", err.lines()),
        (Err(err), Ok(_)) => panic!("only validate_input_str refused: {:?}", err.lines()),
    }
});
