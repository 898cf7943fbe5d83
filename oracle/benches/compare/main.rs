//! Side-by-side cost of validating tool calls: toolsmith, the jsonschema
//! crate and plain serde deserialization, on the same inputs, as a table of
//! instruction-count ratios with wall-clock times beside them.
//!
//! `cargo bench -p toolsmith-oracle --bench compare` runs every case of `cases.rs` once under
//! callgrind (valgrind must be installed) and once in-process for the
//! wall-clock figure, then prints the table. Pass words after `--` to
//! run only the workloads whose names contain one of them.
//!
//! Instruction counts come from the process itself: the call under test is
//! run inside `toolsmith_bench_measure`, and callgrind collects only while
//! that function is on the stack (`--collect-atstart=no
//! --toggle-collect=toolsmith_bench_measure`). Input preparation, schema
//! compilation (except in the compile workload) and a warm-up call stay
//! outside the count.

mod cases;
mod corpus;

use std::hint::black_box;
use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

use cases::{CASES, Case, Side};

/// The function callgrind counts inside: it runs the call `repeat` times.
#[unsafe(no_mangle)]
#[inline(never)]
pub fn toolsmith_bench_measure(run: &mut dyn FnMut(), repeat: u32) {
    for _ in 0..repeat {
        run();
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if let [flag, id] = args.as_slice()
        && flag == "--measure"
    {
        measure_here(find(id));
        return;
    }
    // `cargo bench` passes `--bench`; everything else not a flag filters.
    let filters: Vec<&str> = args
        .iter()
        .map(String::as_str)
        .filter(|a| !a.starts_with('-'))
        .collect();
    let selected: Vec<&Case> = CASES
        .iter()
        .chain(corpus::runnable())
        .filter(|case| filters.is_empty() || filters.iter().any(|f| case.id.contains(f)))
        .collect();
    let with_valgrind = Command::new("valgrind")
        .arg("--version")
        .output()
        .is_ok_and(|out| out.status.success());
    if !with_valgrind {
        eprintln!("valgrind not found: printing wall-clock times only (apt-get install valgrind)");
    }
    cases::prime();
    let mut results = Vec::new();
    for case in selected {
        eprint!("{:<40}", case.id);
        let ir = if with_valgrind {
            Some(instructions(case))
        } else {
            None
        };
        let nanos = wall_clock(case);
        match ir {
            Some(ir) => eprintln!("{ir:>14.0} Ir {:>12}", format_time(nanos)),
            None => eprintln!("{:>12}", format_time(nanos)),
        }
        results.push(Measured {
            id: case.id,
            side: case.side,
            ir,
            nanos,
        });
    }
    let (corpus_results, results): (Vec<Measured>, Vec<Measured>) = results
        .into_iter()
        .partition(|m| m.id.starts_with("corpus/"));
    if !results.is_empty() {
        println!();
        println!("{}", table(&results));
    }
    if !corpus_results.is_empty() {
        let rows: Vec<corpus::Row> = corpus_results
            .iter()
            .map(|m| corpus::Row {
                id: m.id,
                ir: m.ir,
                nanos: m.nanos,
            })
            .collect();
        println!();
        println!("{}", markdown(&corpus::table(&rows), &[0, 1]));
    }
}

/// The case named `id`, in `cases.rs` or the corpus rows.
fn find(id: &str) -> &'static Case {
    corpus::all()
        .find(|case| case.id == id)
        .unwrap_or_else(|| cases::find(id))
}

/// In the child process under callgrind: prepare, warm up, measure.
fn measure_here(case: &Case) {
    cases::prime();
    let mut run = (case.setup)();
    run();
    run();
    toolsmith_bench_measure(&mut *run, black_box(case.repeat));
}

/// Instructions per call, counted by callgrind in a child process.
fn instructions(case: &Case) -> f64 {
    let exe = std::env::current_exe().expect("the path of this benchmark");
    let out_file =
        std::env::temp_dir().join(format!("toolsmith-bench-{}.callgrind", std::process::id()));
    let status = Command::new("valgrind")
        .args([
            "--tool=callgrind",
            "--collect-atstart=no",
            "--toggle-collect=toolsmith_bench_measure",
        ])
        .arg(format!("--callgrind-out-file={}", out_file.display()))
        .arg(&exe)
        .args(["--measure", case.id])
        .stderr(std::process::Stdio::null())
        .status()
        .expect("valgrind runs");
    assert!(status.success(), "{} failed under callgrind", case.id);
    let total = read_total(&out_file);
    let _ = std::fs::remove_file(&out_file);
    total as f64 / f64::from(case.repeat)
}

/// The `totals:` (or `summary:`) line of a callgrind output file.
fn read_total(path: &Path) -> u64 {
    let text = std::fs::read_to_string(path).expect("callgrind wrote its output");
    text.lines()
        .rev()
        .find_map(|line| {
            line.strip_prefix("totals:")
                .or_else(|| line.strip_prefix("summary:"))
        })
        .and_then(|rest| rest.split_whitespace().next())
        .and_then(|n| n.parse().ok())
        .expect("callgrind output has a total")
}

/// Median wall-clock time of one call, in nanoseconds, over 15 samples.
fn wall_clock(case: &Case) -> f64 {
    let mut run = (case.setup)();
    run();
    // Calibrate: as many calls per sample as take about 10 ms.
    let start = Instant::now();
    run();
    let once = start.elapsed().max(Duration::from_nanos(1));
    let per_sample =
        (Duration::from_millis(10).as_nanos() / once.as_nanos()).clamp(1, 1_000_000) as u32;
    let mut samples: Vec<f64> = (0..15)
        .map(|_| {
            let start = Instant::now();
            toolsmith_bench_measure(&mut *run, black_box(per_sample));
            start.elapsed().as_nanos() as f64 / f64::from(per_sample)
        })
        .collect();
    samples.sort_by(f64::total_cmp);
    samples[samples.len() / 2]
}

struct Measured {
    id: &'static str,
    side: Side,
    ir: Option<f64>,
    nanos: f64,
}

/// What a toolsmith row is held to.
enum Target {
    /// At most this many times the serde floor of the same input.
    Serde(f64),
    /// At most this many times the jsonschema crate on the same input.
    Jsonschema(f64),
    /// At most this many instructions per input byte.
    PerByte(f64),
    /// At most this many times the named case.
    Case(&'static str, f64),
}

fn target_of(id: &str) -> Option<Target> {
    Some(match id {
        id if id.starts_with("valid/") && !id.ends_with("/Validator") => Target::Serde(1.25),
        id if id.starts_with("invalid/") || id.starts_with("invalid_key/") => {
            Target::Jsonschema(1.0)
        }
        "compile/Validator" => Target::Jsonschema(1.0),
        "sanitize/plain_1mb" | "sanitize/plain_4mb" => Target::PerByte(1.0),
        id if id.starts_with("sanitize/") => Target::Case("sanitize/plain_4mb", 5.0),
        "call/valid/ToolRef::call_in+on_call" => Target::Case("call/valid/ToolRef::call_in", 1.05),
        _ => return None,
    })
}

/// `valid/str/validate_input_str` → (`valid/str`, `validate_input_str`).
fn split_id(id: &str) -> (&str, &str) {
    id.rsplit_once('/').unwrap_or(("", id))
}

fn table(results: &[Measured]) -> String {
    let find = |id: &str| results.iter().find(|m| m.id == id);
    let mut rows = vec![
        [
            "workload",
            "toolsmith call",
            "toolsmith Ir",
            "serde Ir",
            "jsonschema Ir",
            "/ serde",
            "/ jsonschema",
            "target",
            "toolsmith time",
            "jsonschema time",
        ]
        .map(String::from),
    ];
    for ours in results.iter().filter(|m| m.side == Side::Toolsmith) {
        let (workload, call) = split_id(ours.id);
        let rival = |side: Side| {
            results
                .iter()
                .find(|m| m.side == side && split_id(m.id).0 == workload)
        };
        let serde = rival(Side::Serde);
        let js = rival(Side::Jsonschema);
        let ratio = |other: Option<&Measured>| match (ours.ir, other.and_then(|m| m.ir)) {
            (Some(a), Some(b)) => format!("{:.2}×", a / b),
            _ => "—".to_owned(),
        };
        let verdict = match target_of(ours.id) {
            None => String::new(),
            Some(target) => {
                let (value, limit, unit) = match target {
                    Target::Serde(limit) => (
                        ours.ir.zip(serde.and_then(|m| m.ir)).map(|(a, b)| a / b),
                        limit,
                        "× serde",
                    ),
                    Target::Jsonschema(limit) => (
                        ours.ir.zip(js.and_then(|m| m.ir)).map(|(a, b)| a / b),
                        limit,
                        "× jsonschema",
                    ),
                    Target::PerByte(limit) => {
                        let bytes = cases::input_bytes(ours.id).unwrap_or(1) as f64;
                        (ours.ir.map(|ir| ir / bytes), limit, " Ir/byte")
                    }
                    Target::Case(other, limit) => (
                        ours.ir
                            .zip(find(other).and_then(|m| m.ir))
                            .map(|(a, b)| a / b),
                        limit,
                        if other.starts_with("sanitize/") {
                            "× plain 4 MB"
                        } else {
                            "× without"
                        },
                    ),
                };
                match value {
                    Some(value) => {
                        let mark = if value <= limit { "met" } else { "MISSED" };
                        format!("{value:.2}{unit} ≤ {limit} {mark}")
                    }
                    None => format!("≤ {limit}{unit}"),
                }
            }
        };
        let count =
            |m: Option<&Measured>| m.and_then(|m| m.ir).map_or("—".to_owned(), format_count);
        rows.push([
            workload.to_owned(),
            call.to_owned(),
            count(Some(ours)),
            count(serde),
            count(js),
            ratio(serde),
            ratio(js),
            verdict,
            format_time(ours.nanos),
            js.map_or("—".to_owned(), |m| format_time(m.nanos)),
        ]);
    }
    markdown(&rows, &[0, 1, 7])
}

/// Rows as a Markdown table with aligned columns, the first row the header;
/// the columns in `left` are aligned left, the others (numbers) right.
fn markdown<const N: usize>(rows: &[[String; N]], left: &[usize]) -> String {
    let width = |col: usize| {
        rows.iter()
            .map(|row| row[col].chars().count())
            .max()
            .unwrap_or(0)
    };
    let widths: Vec<usize> = (0..N).map(width).collect();
    let line = |row: &[String; N]| {
        let cells: Vec<String> = row
            .iter()
            .zip(&widths)
            .enumerate()
            .map(|(col, (cell, width))| {
                let pad = width - cell.chars().count();
                if !left.contains(&col) {
                    format!("{}{cell}", " ".repeat(pad))
                } else {
                    format!("{cell}{}", " ".repeat(pad))
                }
            })
            .collect();
        format!("| {} |", cells.join(" | "))
    };
    let mut out = vec![line(&rows[0])];
    let rule: Vec<String> = widths
        .iter()
        .enumerate()
        .map(|(col, w)| {
            if !left.contains(&col) {
                format!("{}:", "-".repeat(w - 1))
            } else {
                "-".repeat(*w)
            }
        })
        .collect();
    out.push(format!("| {} |", rule.join(" | ")));
    out.extend(rows[1..].iter().map(line));
    out.join("\n")
}

/// `1234567` → `1,234,567`.
fn format_count(ir: f64) -> String {
    let digits = format!("{:.0}", ir);
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

fn format_time(nanos: f64) -> String {
    if nanos >= 1e6 {
        format!("{:.2} ms", nanos / 1e6)
    } else if nanos >= 1e3 {
        format!("{:.2} µs", nanos / 1e3)
    } else {
        format!("{nanos:.0} ns")
    }
}
