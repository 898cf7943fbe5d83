//! How an authenticator reaches the authorization server: [`Fetch`], one
//! HTTP exchange, and [`PlainHttp`], the built-in one for `http://` URLs
//! (an issuer on the same host or private network). With the `auth-https`
//! feature, [`HttpsFetch`](super::HttpsFetch) speaks `https://` too and is
//! the default; without it, an `https://` JWKS or introspection endpoint is
//! reached through a `Fetch` of the user's own, on the HTTP client (and TLS
//! stack) the program already has.

use std::future::Future;
use std::pin::Pin;
use std::time::Duration;

use http_body_util::{BodyExt, Full, Limited};
use hyper::body::Bytes;
use hyper::{Request, Uri};
use tokio::net::TcpStream;

/// One request an authenticator makes.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct FetchRequest {
    /// `GET` (a JWKS) or `POST` (an introspection).
    pub method: &'static str,
    pub url: String,
    /// Headers beside `Host` (`Authorization`, `Content-Type`, `Accept`).
    pub headers: Vec<(&'static str, String)>,
    /// The body of a `POST`.
    pub body: Option<String>,
}

/// The answer to a [`FetchRequest`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FetchResponse {
    pub status: u16,
    pub body: Vec<u8>,
}

/// A boxed future a [`Fetch`] answers with.
pub type FetchFuture<'a> = Pin<Box<dyn Future<Output = Result<FetchResponse, String>> + Send + 'a>>;

/// One HTTP exchange with the authorization server; `Err` is why it could
/// not be made (the line says what failed, for the server's log).
pub trait Fetch: Send + Sync + 'static {
    fn fetch(&self, request: FetchRequest) -> FetchFuture<'_>;
}

/// The built-in [`Fetch`]: HTTP/1.1 over plain TCP, `http://` URLs only,
/// 10 seconds for the whole exchange, at most 1 MiB of answer.
#[derive(Debug, Clone, Copy, Default)]
pub struct PlainHttp;

/// The longest answer read.
const MAX_ANSWER: usize = 1024 * 1024;
/// How long one exchange may take.
const EXCHANGE: Duration = Duration::from_secs(10);

impl Fetch for PlainHttp {
    fn fetch(&self, request: FetchRequest) -> FetchFuture<'_> {
        Box::pin(within_time(request, exchange))
    }
}

/// `exchange(request)`, given [`EXCHANGE`] at most.
pub(super) async fn within_time<F, Fut>(
    request: FetchRequest,
    exchange: F,
) -> Result<FetchResponse, String>
where
    F: FnOnce(FetchRequest) -> Fut,
    Fut: Future<Output = Result<FetchResponse, String>>,
{
    let url = request.url.clone();
    match tokio::time::timeout(EXCHANGE, exchange(request)).await {
        Ok(answer) => answer,
        Err(_) => Err(format!("{url} did not answer within 10 s")),
    }
}

async fn exchange(request: FetchRequest) -> Result<FetchResponse, String> {
    let uri = parse(&request.url)?;
    if uri.scheme_str() != Some("http") {
        return Err(format!(
            "{}: the built-in fetch speaks plain http only; build with the auth-https feature, \
             or give an https URL a `Fetch` of your own",
            request.url
        ));
    }
    let stream = connect(&uri, 80, &request.url).await?;
    send(stream, &uri, request).await
}

/// `url` as a URI.
pub(super) fn parse(url: &str) -> Result<Uri, String> {
    url.parse()
        .map_err(|err| format!("{url}: not a URL: {err}"))
}

/// The host of `uri`, without an IPv6 address's brackets.
pub(super) fn host(uri: &Uri) -> &str {
    uri.host()
        .unwrap_or("")
        .trim_start_matches('[')
        .trim_end_matches(']')
}

/// A TCP connection to `uri`'s host, on its port or `default_port`.
pub(super) async fn connect(uri: &Uri, default_port: u16, url: &str) -> Result<TcpStream, String> {
    if uri.host().is_none() {
        return Err(format!("{url}: no host"));
    }
    TcpStream::connect((host(uri), uri.port_u16().unwrap_or(default_port)))
        .await
        .map_err(|err| format!("{url}: cannot connect: {err}"))
}

/// `request` sent to `uri` over `stream`, its answer read.
pub(super) async fn send<S>(
    stream: S,
    uri: &Uri,
    request: FetchRequest,
) -> Result<FetchResponse, String>
where
    S: tokio::io::AsyncRead + tokio::io::AsyncWrite + Send + Unpin + 'static,
{
    let (mut sender, connection) =
        hyper::client::conn::http1::handshake(hyper_util::rt::TokioIo::new(stream))
            .await
            .map_err(|err| format!("{}: {err}", request.url))?;
    tokio::spawn(connection);
    let authority = uri
        .authority()
        .ok_or_else(|| format!("{}: no host", request.url))?
        .clone();
    let path = uri.path_and_query().map_or("/", |p| p.as_str());
    let mut builder = Request::builder()
        .method(request.method)
        .uri(path)
        .header(hyper::header::HOST, authority.as_str());
    for (name, value) in &request.headers {
        builder = builder.header(*name, value);
    }
    let body = Full::new(Bytes::from(request.body.unwrap_or_default()));
    let outgoing = builder
        .body(body)
        .map_err(|err| format!("{}: {err}", request.url))?;
    let response = sender
        .send_request(outgoing)
        .await
        .map_err(|err| format!("{}: {err}", request.url))?;
    let status = response.status().as_u16();
    let body = Limited::new(response.into_body(), MAX_ANSWER)
        .collect()
        .await
        .map_err(|err| format!("{}: the answer: {err}", request.url))?
        .to_bytes()
        .to_vec();
    Ok(FetchResponse { status, body })
}
