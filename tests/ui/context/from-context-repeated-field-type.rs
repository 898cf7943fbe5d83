use std::sync::Arc;

use toolsmith::FromContext;

pub struct Db;

#[derive(Clone, FromContext)]
pub struct App {
    users: Arc<Db>,
    orders: Arc<Db>,
}

fn main() {}
