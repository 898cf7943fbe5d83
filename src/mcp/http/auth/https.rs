//! [`HttpsFetch`], the built-in fetch of the `auth-https` feature: HTTP/1.1
//! over TLS (rustls on ring) for `https://` URLs, trusting Mozilla's root
//! certificates or the roots the user gives (a private CA), and over plain
//! TCP for `http://` ones, as [`PlainHttp`](super::PlainHttp) does.

use std::fmt;
use std::sync::Arc;

use rustls::pki_types::pem::PemObject;
use rustls::pki_types::{CertificateDer, ServerName};
use rustls::{ClientConfig, RootCertStore};
use tokio_rustls::TlsConnector;

use super::fetch::{self, Fetch, FetchFuture, FetchRequest, FetchResponse};

/// The built-in [`Fetch`] with TLS: `https://` and `http://` URLs, 10
/// seconds for the whole exchange, at most 1 MiB of answer. The default
/// fetch of [`JwtVerifier`](super::JwtVerifier) and
/// [`Introspection`](super::Introspection) when the `auth-https` feature is
/// on; give one with roots of your own through their `with_fetch`.
#[derive(Clone)]
pub struct HttpsFetch {
    tls: TlsConnector,
}

impl fmt::Debug for HttpsFetch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("HttpsFetch").finish_non_exhaustive()
    }
}

impl Default for HttpsFetch {
    fn default() -> Self {
        HttpsFetch::new()
    }
}

impl HttpsFetch {
    /// Trusting Mozilla's root certificates (those of `webpki-roots`).
    pub fn new() -> HttpsFetch {
        let mut roots = RootCertStore::empty();
        roots.extend(webpki_roots::TLS_SERVER_ROOTS.iter().cloned());
        HttpsFetch::trusting(roots)
    }

    /// Trusting only the root certificates of `pem` (a private CA's, say);
    /// `Err` says why when it holds none that can be read.
    pub fn with_roots_pem(pem: &[u8]) -> Result<HttpsFetch, String> {
        let mut roots = RootCertStore::empty();
        for certificate in CertificateDer::pem_slice_iter(pem) {
            let certificate =
                certificate.map_err(|err| format!("a root certificate cannot be read: {err}"))?;
            roots
                .add(certificate)
                .map_err(|err| format!("a root certificate is not usable: {err}"))?;
        }
        if roots.is_empty() {
            return Err("the PEM holds no certificate".to_owned());
        }
        Ok(HttpsFetch::trusting(roots))
    }

    fn trusting(roots: RootCertStore) -> HttpsFetch {
        let provider = Arc::new(rustls::crypto::ring::default_provider());
        let config = ClientConfig::builder_with_provider(provider)
            .with_safe_default_protocol_versions()
            .expect("ring supports the default protocol versions")
            .with_root_certificates(roots)
            .with_no_client_auth();
        HttpsFetch {
            tls: TlsConnector::from(Arc::new(config)),
        }
    }

    async fn exchange(&self, request: FetchRequest) -> Result<FetchResponse, String> {
        let uri = fetch::parse(&request.url)?;
        match uri.scheme_str() {
            Some("http") => {
                let stream = fetch::connect(&uri, 80, &request.url).await?;
                fetch::send(stream, &uri, request).await
            }
            Some("https") => {
                let name = ServerName::try_from(fetch::host(&uri).to_owned())
                    .map_err(|err| format!("{}: not a server name: {err}", request.url))?;
                let stream = fetch::connect(&uri, 443, &request.url).await?;
                let stream = self
                    .tls
                    .connect(name, stream)
                    .await
                    .map_err(|err| format!("{}: TLS: {err}", request.url))?;
                fetch::send(stream, &uri, request).await
            }
            _ => Err(format!("{}: not an http or https URL", request.url)),
        }
    }
}

impl Fetch for HttpsFetch {
    fn fetch(&self, request: FetchRequest) -> FetchFuture<'_> {
        Box::pin(fetch::within_time(request, |request| {
            self.exchange(request)
        }))
    }
}
