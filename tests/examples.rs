//! Examples print what their `.stdout` file says, and their tools' schemas
//! match the snapshots.

mod support;

#[allow(dead_code)]
#[path = "../examples/quickstart.rs"]
mod quickstart;

use toolsmith::Tool;

#[tokio::test]
async fn quickstart_prints_its_stdout_file() {
    assert_eq!(
        quickstart::run().await,
        include_str!("../examples/quickstart.stdout")
    );
}

#[test]
fn quickstart_schema_snapshot() {
    support::assert_snapshot("slugify", quickstart::Slugify.input_schema());
}
