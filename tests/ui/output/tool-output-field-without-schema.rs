use serde::Serialize;
use toolsmith::ToolOutput;

#[derive(Serialize)]
struct Opaque;

#[derive(Serialize, ToolOutput)]
struct Report {
    id: u32,
    opaque: Opaque,
}

fn main() {}
