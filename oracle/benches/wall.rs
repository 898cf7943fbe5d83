//! Wall-clock times of every case in `compare/cases.rs`, with divan's
//! statistics: `cargo bench -p toolsmith-oracle --bench wall`. The instruction counts of
//! `cargo bench -p toolsmith-oracle --bench compare` are the stable figure; these vary with the
//! machine's load.

#[path = "compare/cases.rs"]
#[allow(dead_code, reason = "the instruction-count table uses the rest")]
mod cases;

fn main() {
    cases::prime();
    divan::main();
}

#[divan::bench(args = cases::ids())]
fn call(bencher: divan::Bencher, id: &str) {
    bencher.bench_local((cases::find(id).setup)());
}
