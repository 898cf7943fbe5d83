//! Rich results: text, images, audio, embedded resources and resource
//! links, as a tool returns them and hosts map them.

use std::hash::{BuildHasher, RandomState};
use std::sync::OnceLock;

use serde::ser::{Serialize, SerializeMap, Serializer};
use serde_json::{Map, Value, json};

/// The key a [`Content`] result is carried under, through the JSON value a
/// tool's call resolves to, to the host that maps its blocks:
/// `x-toolsmith-content-` and a number drawn once per process, so that a
/// tool returning JSON its caller sent cannot pass it off as content.
fn key() -> &'static str {
    static KEY: OnceLock<String> = OnceLock::new();
    KEY.get_or_init(|| {
        // std seeds each `RandomState` from the system's randomness.
        let drawn = RandomState::new().hash_one("toolsmith content");
        format!("x-toolsmith-content-{drawn:016x}")
    })
}

/// A rich result: one or more blocks of text, images, audio, embedded
/// resources and resource links. Return it (or `Result<Content, E>`) from
/// a tool; each host maps it: MCP gives the blocks as its content blocks
/// (`image`, `audio`, `resource`, `resource_link`), a host that takes only
/// text gets the text blocks and a line naming each other block.
///
/// ```
/// # use toolsmith_runtime::Content;
/// let chart = Content::text("Sales by month:")
///     .and(Content::image(vec![0x89, b'P', b'N', b'G'], "image/png"))
///     .and(Content::resource_link("file:///sales.csv", "sales.csv"));
/// assert_eq!(chart.blocks().len(), 3);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Content {
    blocks: Vec<Block>,
}

/// One block of a [`Content`].
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum Block {
    /// Text.
    Text(String),
    /// An image: its bytes and MIME type (`image/png`).
    Image {
        /// The encoded image.
        data: Vec<u8>,
        /// Its MIME type.
        mime_type: String,
    },
    /// Audio: its bytes and MIME type (`audio/wav`).
    Audio {
        /// The encoded audio.
        data: Vec<u8>,
        /// Its MIME type.
        mime_type: String,
    },
    /// A resource, embedded: its URI, MIME type and text or bytes.
    Resource {
        /// Where the resource lives.
        uri: String,
        /// Its MIME type, when known.
        mime_type: Option<String>,
        /// Its contents.
        body: Body,
    },
    /// A link to a resource the client can read.
    ResourceLink {
        /// Where the resource lives.
        uri: String,
        /// Its name.
        name: String,
        /// Its MIME type, when known.
        mime_type: Option<String>,
    },
}

/// The contents of an embedded resource.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Body {
    /// Text.
    Text(String),
    /// Bytes.
    Blob(Vec<u8>),
}

impl Content {
    fn one(block: Block) -> Self {
        Content {
            blocks: vec![block],
        }
    }

    /// A text block.
    pub fn text(text: impl Into<String>) -> Self {
        Content::one(Block::Text(text.into()))
    }

    /// An image block: the encoded bytes and their MIME type.
    pub fn image(data: impl Into<Vec<u8>>, mime_type: impl Into<String>) -> Self {
        Content::one(Block::Image {
            data: data.into(),
            mime_type: mime_type.into(),
        })
    }

    /// An audio block: the encoded bytes and their MIME type.
    pub fn audio(data: impl Into<Vec<u8>>, mime_type: impl Into<String>) -> Self {
        Content::one(Block::Audio {
            data: data.into(),
            mime_type: mime_type.into(),
        })
    }

    /// An embedded resource holding text.
    pub fn resource_text(
        uri: impl Into<String>,
        mime_type: impl Into<String>,
        text: impl Into<String>,
    ) -> Self {
        Content::one(Block::Resource {
            uri: uri.into(),
            mime_type: Some(mime_type.into()),
            body: Body::Text(text.into()),
        })
    }

    /// An embedded resource holding bytes.
    pub fn resource_blob(
        uri: impl Into<String>,
        mime_type: impl Into<String>,
        data: impl Into<Vec<u8>>,
    ) -> Self {
        Content::one(Block::Resource {
            uri: uri.into(),
            mime_type: Some(mime_type.into()),
            body: Body::Blob(data.into()),
        })
    }

    /// A link to a resource, by URI and name.
    pub fn resource_link(uri: impl Into<String>, name: impl Into<String>) -> Self {
        Content::one(Block::ResourceLink {
            uri: uri.into(),
            name: name.into(),
            mime_type: None,
        })
    }

    /// These blocks, then `other`'s.
    pub fn and(mut self, other: Content) -> Self {
        self.blocks.extend(other.blocks);
        self
    }

    /// The blocks, in order.
    pub fn blocks(&self) -> &[Block] {
        &self.blocks
    }

    /// The blocks of a tool's result, as MCP content blocks (`{"type":
    /// "image", "data": <base64>, "mimeType": ..}`), when the tool returned
    /// a [`Content`]; `None` for any other result. For hosts.
    pub fn blocks_of(result: &Value) -> Option<&[Value]> {
        match result {
            Value::Object(map) if map.len() == 1 => map.get(key())?.as_array().map(Vec::as_slice),
            _ => None,
        }
    }

    /// A tool's result as a caller that is not MCP sees it: a [`Content`]
    /// as its text ([`text_of`](Self::text_of)), any other result as it
    /// is. [`ToolSet::call`](crate::ToolSet::call) and every host that
    /// takes only text or JSON answer through this, so the key a
    /// [`Content`] travels under never leaves the runtime.
    ///
    /// ```
    /// # use toolsmith_runtime::Content;
    /// let chart = Content::text("Sales by month:").and(Content::image([1, 2, 3], "image/png"));
    /// let result = serde_json::to_value(chart).unwrap();
    /// assert_eq!(Content::plain(result), "Sales by month:\n[image image/png, 3 bytes]");
    /// assert_eq!(Content::plain(serde_json::json!({"count": 3})), serde_json::json!({"count": 3}));
    /// ```
    pub fn plain(result: Value) -> Value {
        match Content::blocks_of(&result) {
            Some(blocks) => Value::String(Content::text_of(blocks)),
            None => result,
        }
    }

    /// A tool's [`Content`] result as text, for hosts that take only text:
    /// the text blocks, and a line for each other block
    /// (`[image image/png, 68 bytes]`), one per line.
    pub fn text_of(blocks: &[Value]) -> String {
        let field = |block: &Value, key: &str| {
            block
                .get(key)
                .and_then(Value::as_str)
                .unwrap_or_default()
                .to_owned()
        };
        let bytes =
            |data: &str| data.len() / 4 * 3 - data.bytes().rev().take_while(|b| *b == b'=').count();
        blocks
            .iter()
            .map(|block| match block.get("type").and_then(Value::as_str) {
                Some("text") => field(block, "text"),
                Some(kind @ ("image" | "audio")) => format!(
                    "[{kind} {}, {} bytes]",
                    field(block, "mimeType"),
                    bytes(&field(block, "data"))
                ),
                Some("resource") => {
                    let resource = block.get("resource").cloned().unwrap_or_default();
                    match resource.get("text").and_then(Value::as_str) {
                        Some(text) => format!("[resource {}]\n{text}", field(&resource, "uri")),
                        None => format!("[resource {}]", field(&resource, "uri")),
                    }
                }
                Some("resource_link") => format!("[resource link {}]", field(block, "uri")),
                _ => String::new(),
            })
            .collect::<Vec<_>>()
            .join("\n")
    }
}

impl Block {
    /// The block as MCP's content block.
    fn wire(&self) -> Value {
        match self {
            Block::Text(text) => json!({"type": "text", "text": text}),
            Block::Image { data, mime_type } => {
                json!({"type": "image", "data": base64(data), "mimeType": mime_type})
            }
            Block::Audio { data, mime_type } => {
                json!({"type": "audio", "data": base64(data), "mimeType": mime_type})
            }
            Block::Resource {
                uri,
                mime_type,
                body,
            } => {
                let mut resource = Map::new();
                resource.insert("uri".to_owned(), Value::from(uri.as_str()));
                if let Some(mime) = mime_type {
                    resource.insert("mimeType".to_owned(), Value::from(mime.as_str()));
                }
                match body {
                    Body::Text(text) => {
                        resource.insert("text".to_owned(), Value::from(text.as_str()))
                    }
                    Body::Blob(data) => {
                        resource.insert("blob".to_owned(), Value::from(base64(data)))
                    }
                };
                json!({"type": "resource", "resource": resource})
            }
            Block::ResourceLink {
                uri,
                name,
                mime_type,
            } => {
                let mut link = json!({"type": "resource_link", "uri": uri, "name": name});
                if let Some(mime) = mime_type {
                    link["mimeType"] = Value::from(mime.as_str());
                }
                link
            }
        }
    }
}

/// Serialized as `{"x-toolsmith-content-<drawn>": [<MCP content blocks>]}`,
/// which the hosts read back with [`Content::blocks_of`].
impl Serialize for Content {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let blocks: Vec<Value> = self.blocks.iter().map(Block::wire).collect();
        let mut map = serializer.serialize_map(Some(1))?;
        map.serialize_entry(key(), &blocks)?;
        map.end()
    }
}

/// Standard base64 with padding, as MCP carries bytes.
fn base64(data: &[u8]) -> String {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::with_capacity(data.len().div_ceil(3) * 4);
    for chunk in data.chunks(3) {
        let n = chunk
            .iter()
            .enumerate()
            .fold(0u32, |n, (i, b)| n | u32::from(*b) << (16 - 8 * i));
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(char::from(ALPHABET[(n >> (18 - 6 * i) & 63) as usize]));
            } else {
                out.push('=');
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::{Content, base64};

    #[test]
    fn only_a_content_the_tool_made_reads_as_blocks() {
        let made = serde_json::to_value(Content::text("hi")).unwrap();
        assert_eq!(
            Content::blocks_of(&made),
            Some(&[json!({"type": "text", "text": "hi"})][..])
        );
        // The same shape under the key's visible part, as a tool echoing
        // its caller's JSON would return it, is a plain value.
        let image = json!({"type": "image", "data": "AA==", "mimeType": "image/png"});
        let echoed = json!({ "x-toolsmith-content": [image] });
        assert_eq!(Content::blocks_of(&echoed), None);
    }

    #[test]
    fn base64_matches_rfc_4648() {
        let cases = [
            ("", ""),
            ("f", "Zg=="),
            ("fo", "Zm8="),
            ("foo", "Zm9v"),
            ("foob", "Zm9vYg=="),
            ("fooba", "Zm9vYmE="),
            ("foobar", "Zm9vYmFy"),
        ];
        for (plain, encoded) in cases {
            assert_eq!(base64(plain.as_bytes()), encoded, "{plain:?}");
        }
    }
}
