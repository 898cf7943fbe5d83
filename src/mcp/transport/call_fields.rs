//! The fields of a `tools/call` a round or a task reads (`requestState`,
//! `inputResponses`, `task`), checked for their type before the call is
//! handed on: a mistyped one is answered `-32602` naming it, never read as
//! absent. rmcp's typed request has no `task` field and drops one of any
//! type unread, so the transports check it on the message as it came, and
//! the handler checks the others on the requests rmcp cannot type.

use serde_json::Value;

/// JSON-RPC's code for params of the wrong shape.
pub(crate) const INVALID_PARAMS: i64 = -32602;

/// The refusal line for the first mistyped round or task field of
/// `params` (a `tools/call`'s), if any.
pub(crate) fn mistyped(params: &Value) -> Option<String> {
    for (field, wanted) in [
        ("requestState", "a string"),
        ("inputResponses", "an object"),
        ("task", "an object"),
    ] {
        let given = params.get(field);
        let fits = match (field, given) {
            (_, None | Some(Value::Null)) => true,
            ("requestState", Some(value)) => value.is_string(),
            (_, Some(value)) => value.is_object(),
        };
        if !fits {
            return Some(format!(
                "tools/call params: {field} must be {wanted}, got {}",
                given.map_or("nothing", json_type)
            ));
        }
    }
    None
}

/// The refusal line for a JSON-RPC `message` that is a `tools/call`
/// request with a mistyped round or task field.
pub(crate) fn mistyped_call(message: &Value) -> Option<String> {
    if message.get("method")?.as_str()? != "tools/call" || message.get("id").is_none() {
        return None;
    }
    mistyped(message.get("params")?)
}

/// `string`, `number`, ..: a JSON value's type, for messages.
pub(crate) fn json_type(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "boolean",
        Value::Number(_) => "number",
        Value::String(_) => "string",
        Value::Array(_) => "array",
        Value::Object(_) => "object",
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn each_field_is_named_with_the_type_it_got() {
        let call = |params: Value| json!({"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": params});
        let cases = [
            (
                json!({"name": "t", "task": 5}),
                Some("tools/call params: task must be an object, got number"),
            ),
            (json!({"name": "t", "task": {"ttl": 60}}), None),
            (json!({"name": "t", "task": null}), None),
            (
                json!({"name": "t", "requestState": []}),
                Some("tools/call params: requestState must be a string, got array"),
            ),
            (
                json!({"name": "t", "inputResponses": "yes"}),
                Some("tools/call params: inputResponses must be an object, got string"),
            ),
            (json!({"name": "t"}), None),
        ];
        for (params, line) in cases {
            assert_eq!(
                mistyped_call(&call(params.clone())).as_deref(),
                line,
                "{params}"
            );
        }
        // A notification, or another method, is not a call.
        let notification = json!({"jsonrpc": "2.0", "method": "tools/call", "params": {"task": 5}});
        assert_eq!(mistyped_call(&notification), None);
        let other =
            json!({"jsonrpc": "2.0", "id": 1, "method": "tools/list", "params": {"task": 5}});
        assert_eq!(mistyped_call(&other), None);
    }
}
