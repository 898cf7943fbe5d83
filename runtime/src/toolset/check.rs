//! Checking a call's arguments without making the call: the set's
//! [`Limits`](super::Limits), its repairs and the tool's schema, in the
//! order [`ToolRef::call_in`] applies them, and nothing after.

use serde_json::{Map, Value};

use super::entry::ToolRef;
use crate::error::ToolInputError;

impl<C> ToolRef<'_, C> {
    /// Checks `args` as [`call_in`](Self::call_in) would, and stops before
    /// the tool: the arguments the tool would be called with (repaired as
    /// the set's [`RepairPolicy`](crate::RepairPolicy) allows), or every
    /// problem, each a line of [`ToolInputError::lines`].
    ///
    /// `args` left out (`null`) are `{}`. The repairs made go to the set's
    /// [`on_repair`](super::ToolSet::on_repair) log, once: the arguments
    /// returned pass unchanged, so calling the tool with them reports no
    /// repair again. A host that validates before its own call (a
    /// coding agent's extension) asks here, then sends what it got back.
    ///
    /// ```
    /// # use serde_json::json;
    /// # use toolsmith_runtime::{DynamicTool, ToolError, ToolSet};
    /// let mut tools = ToolSet::new();
    /// tools.register_dynamic(DynamicTool::new(
    ///     "slugify",
    ///     "Turns text into a URL slug",
    ///     json!({
    ///         "type": "object",
    ///         "properties": {"text": {"type": "string"}, "separator": {"enum": ["-", "_"]}},
    ///         "required": ["text"],
    ///         "additionalProperties": false
    ///     }),
    ///     |_, ()| async move { Err::<serde_json::Value, _>(ToolError::new("never called")) },
    /// ))?;
    /// let slugify = tools.tool("slugify")?;
    /// assert_eq!(slugify.check(json!({"text": "Hi"})), Ok(json!({"text": "Hi"})));
    /// let refused = slugify.check(json!({"text": "Hi", "separator": "+"})).unwrap_err();
    /// assert_eq!(
    ///     refused.lines(),
    ///     [r#"Invalid arguments at /separator: must be one of -, _, got "+""#]
    /// );
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn check(&self, args: Value) -> Result<Value, ToolInputError> {
        let set = self.set;
        let args = match args {
            Value::Null => Value::Object(Map::new()),
            other => other,
        };
        set.limits.check(&args)?;
        let checked = self.entry.runner.check(args, &set.repairs);
        let repairs = match &checked {
            Ok((_, repairs)) | Err((_, repairs)) => repairs,
        };
        if let (Some(log), false) = (&set.on_repair, repairs.is_empty()) {
            log(self.name(), repairs);
        }
        checked.map(|(args, _)| args).map_err(|(err, _)| err)
    }
}
