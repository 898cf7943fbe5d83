use toolsmith::tool;

struct Counter;

impl Counter {
    /// Counts.
    #[tool]
    fn count(&self, step: u32) -> u32 {
        step
    }
}

fn main() {}
