//! Names of generated types. (serde's renaming rules come from serde's own
//! parser, see `serde_attrs`.)

/// `get_weather` → `GetWeather`, for the names of generated types.
pub fn pascal(snake: &str) -> String {
    let mut out = String::new();
    let mut upper = true;
    for c in snake.trim_start_matches('_').chars() {
        if c == '_' {
            upper = true;
        } else if upper {
            out.extend(c.to_uppercase());
            upper = false;
        } else {
            out.push(c);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn pascal_case_of_snake_names() {
        assert_eq!(super::pascal("get_weather"), "GetWeather");
        assert_eq!(super::pascal("_private_tool"), "PrivateTool");
        assert_eq!(super::pascal("ping"), "Ping");
    }
}
