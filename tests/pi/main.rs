//! toolsmith's tools inside the real Pi and OMP: each agent is installed
//! under the target directory (pinned by the lock files beside this
//! module), loads the module `pi_tools pi-extension` prints, and runs
//! against a scripted Anthropic Messages API model on loopback. The tests
//! read what the agent sent back to the model for each call.

// The scripted model and its loopback server, shared with the hook tests.
#[path = "../../hooks/tests/agents/loopback.rs"]
mod loopback;
#[allow(dead_code)]
#[path = "../../hooks/tests/agents/model.rs"]
mod model;

mod agent;
mod calls;
mod check;
mod module;
mod omp;
mod pi_agent;

use toolsmith_test_support as support;
