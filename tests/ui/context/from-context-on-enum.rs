use toolsmith::FromContext;

#[derive(Clone, FromContext)]
pub enum App {
    Test,
    Live,
}

fn main() {}
