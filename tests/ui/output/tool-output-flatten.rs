use serde::Serialize;
use toolsmith::ToolOutput;

#[derive(Serialize, ToolOutput)]
struct Page {
    items: Vec<String>,
    #[serde(flatten)]
    meta: Meta,
}

#[derive(Serialize, ToolOutput)]
struct Meta {
    total: u32,
}

#[derive(Serialize, ToolOutput)]
enum Shape {
    Circle { radius: f64 },
    Empty,
}

fn main() {}
