"""Writes the hand-made seed inputs to seeds/<target>/.

Run from fuzz/: `python3 seeds.py`. The fuzzer reads seeds/<target> beside
corpus/<target>, which holds what it finds.
"""

import json
import os

ESC = "\x1b"

def write(target, name, data):
    os.makedirs(f"seeds/{target}", exist_ok=True)
    if isinstance(data, str):
        data = data.encode("utf-8", "surrogatepass")
    with open(f"seeds/{target}/{name}", "wb") as f:
        f.write(data)

def pair(schema, value):
    return json.dumps(schema).encode() + b"\0" + json.dumps(value).encode()

every_keyword = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "$comment": "every supported keyword",
    "title": "t", "description": "d", "default": {}, "examples": [{}],
    "deprecated": False, "readOnly": False, "writeOnly": False,
    "type": "object",
    "properties": {
        "text": {"type": "string", "pattern": "\\S", "minLength": 1, "maxLength": 5},
        "sep": {"enum": ["-", "_", ".", 1, None, [1], {"a": 1}]},
        "kind": {"const": "fixed"},
        "limit": {"type": "integer", "minimum": 1, "maximum": 50},
        "ratio": {"type": ["number", "null"], "exclusiveMinimum": 0, "exclusiveMaximum": 1.5, "multipleOf": 0.25},
        "tags": {"type": "array", "items": {"type": "string"}, "minItems": 1, "maxItems": 3, "uniqueItems": True},
        "date_time": {"type": "string"},
        "point": {"type": "object", "properties": {"x": {"type": "number"}, "y": {"type": "number"}},
                  "required": ["x", "y"], "additionalProperties": False},
        "extra": {"type": "object", "additionalProperties": {"type": "boolean"}},
        "never": False, "any": True,
    },
    "required": ["text", "limit"],
    "additionalProperties": False,
}
write("validator", "every_keyword_valid", pair(every_keyword, {
    "text": "abc", "sep": "-", "kind": "fixed", "limit": 5, "ratio": 0.5, "tags": ["a", "b"],
    "date_time": "x", "point": {"x": 1, "y": 2.0}, "extra": {"k": True}, "any": [[[]]]}))
write("validator", "every_keyword_invalid", pair(every_keyword, {
    "text": " \u202e" + ESC + "[31m", "sep": "+", "kind": "moving", "limit": "5", "ratio": 2,
    "tags": ["a", "a", "b", "c"], "dateTime": "x", "date_time": "y",
    "point": "{\"x\": 1, \"z\": 3}", "extra": {"k": 1}, "never": 1, "seperator": "-",
    "a\nb": 1, "tilde~/slash": 0}))
write("validator", "camel_repairs", pair(every_keyword, {
    "text": "a", "Limit": "7", "dateTime": "now", "tags": "[\"x\"]", "point": "{\"x\": 1, \"y\": 2}"}))
write("validator", "escapes_in_schema", pair(
    {"type": "object", "properties": {"a\u2028b": {"enum": ["x\u001b]0;t\u0007", "\u0085y"]},
                                      "p": {"pattern": "\u001b[\\d\n"}},
     "required": ["a\u2028b", "\u202e\n"], "additionalProperties": False},
    {"\u009b31m": 1, "p": "z"}))
write("validator", "boolean_schema", b"false\0{\"a\":1}")
write("validator", "unsupported", pair({"$ref": "#/x", "oneOf": []}, 1))
write("validator", "bad_pattern", pair({"pattern": "(?=a)\\1(["}, "a"))
write("validator", "numbers", pair(
    {"type": "integer", "multipleOf": 1e-8, "minimum": -1e308, "maximum": 18446744073709551615}, 1.0))
write("validator", "deep_value", b"{\"items\":true}\0" + b"[" * 200 + b"]" * 200)
write("validator", "many_problems", pair(
    {"type": "array", "items": {"type": "string", "minLength": 3}},
    [1] * 30))

# Arbitrary text for the sanitizer.
write("sanitize", "plain", "hello, world  with  spaces ")
write("sanitize", "csi", ESC + "[31mred" + ESC + "[0m\r\nnext\u202e")
write("sanitize", "osc", ESC + "]8;;https://e.example" + ESC + "\\link" + ESC + "]0;t\x07x")
write("sanitize", "strings", ESC + "Pdcs" + ESC + "\\" + ESC + "Xsos\x18" + ESC + "^pm" + ESC + "_apc")
write("sanitize", "c1", "\u009b31m\u009d0;t\u009c\u0090q\u009c\u0085a\u2028b\u2029c")
write("sanitize", "format", "a\u00adb\u200b\u200c\u200d\ufeff\u2066\u2069\U000e0067\u061c\u200e")
write("sanitize", "unterminated", "x" + ESC + "]" + ESC + "[" * 3 + ESC)
write("sanitize", "invalid_utf8", b"a\xc2\x9b\xc2b\xff\xfe\xe2\x80\xa8 \r\r\n\t\x0b\x0c")

# Calls of the `plan_route` tool.
valid = {"name": "home-run", "from": {"latitude": 48.85, "longitude": 2.35, "place_name": "Paris"},
         "stops": [{"at": {"latitude": 0, "longitude": 0}, "minutes": 10, "tags": ["a"]}],
         "unit": "km", "limit": 5, "avoid": ["mi"], "offset": -3, "verbose": True}
write("tool_call", "valid", json.dumps(valid))
write("tool_call", "valid_minimal", json.dumps({k: v for k, v in valid.items() if k not in ("limit", "avoid")}))
write("tool_call", "nulls", json.dumps(dict(valid, limit=None, avoid=None)))
write("tool_call", "floats", json.dumps(dict(valid, limit=5.0, offset=-0.0)))
write("tool_call", "camel_case", json.dumps({"name": "a", "from": {"latitude": 1, "longitude": 1, "placeName": "x"},
    "stops": "[{\"at\": {\"latitude\": 0, \"longitude\": 0}, \"minutes\": 1, \"tags\": []}]",
    "unit": "mi", "offset": 0, "verbose": False}))
write("tool_call", "invalid", json.dumps({"name": "Bad Name\u001b[2J", "from": {"latitude": 91, "longitude": "0", "z": 1},
    "stops": [], "unit": "m", "limit": 0, "avoid": ["km", "x"], "offset": 1001, "verbose": "true", "nmae": 1}))
write("tool_call", "duplicates", '{"name":"a","name":"b","from":{"latitude":1,"longitude":2},"stops":[{"at":{"latitude":0,"longitude":0},"minutes":1,"tags":[]}],"unit":"km","offset":0,"verbose":true}')
write("tool_call", "escapes", '{"name":"a\\u2028\\u001b]0;x\\u0007","from":{"latitude":1e400},"stops":[{"at":null,"minutes":1e2,"tags":["\\ud83d\\ude00","\\ud800"]}]}')
write("tool_call", "not_json", '{"name": "a", ')
write("tool_call", "not_object", '[1, "two", null]')
