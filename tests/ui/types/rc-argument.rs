use std::rc::Rc;
use toolsmith::tool;

/// Greets someone.
#[tool]
fn greet(name: Rc<str>) -> String {
    format!("hello {name}")
}

fn main() {}
