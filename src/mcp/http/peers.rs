//! Who is connected: the connections open from each peer address, capped so
//! that one peer cannot take every slot; how an accepted socket is set up
//! (`TCP_NODELAY`, so that a small answer is not held back waiting for an
//! acknowledgement); and which peers may name a loopback `Host`.

use std::collections::HashMap;
use std::io;
use std::net::{IpAddr, SocketAddr};
use std::sync::{Arc, Mutex, PoisonError};

use tokio::net::TcpStream;

/// The connections open from each peer address.
#[derive(Debug)]
pub(crate) struct Peers {
    open: Mutex<HashMap<IpAddr, usize>>,
    max_per_peer: usize,
}

/// One connection counted against its peer, until dropped.
#[derive(Debug)]
pub(crate) struct PeerSlot {
    peers: Arc<Peers>,
    ip: IpAddr,
}

impl Peers {
    /// At most `max_per_peer` connections from one address.
    pub(crate) fn new(max_per_peer: usize) -> Arc<Self> {
        Arc::new(Peers {
            open: Mutex::new(HashMap::new()),
            max_per_peer,
        })
    }

    /// A slot for one more connection from `peer`, unless it holds its
    /// share already.
    pub(crate) fn admit(self: &Arc<Self>, peer: SocketAddr) -> Option<PeerSlot> {
        let ip = canonical(peer.ip());
        let mut open = self.open.lock().unwrap_or_else(PoisonError::into_inner);
        let count = open.entry(ip).or_default();
        if *count >= self.max_per_peer {
            return None;
        }
        *count += 1;
        Some(PeerSlot {
            peers: Arc::clone(self),
            ip,
        })
    }

    /// The connections open from `ip` now.
    #[cfg(test)]
    fn open_from(&self, ip: IpAddr) -> usize {
        let open = self.open.lock().unwrap_or_else(PoisonError::into_inner);
        open.get(&ip).copied().unwrap_or(0)
    }
}

impl Drop for PeerSlot {
    fn drop(&mut self) {
        let mut open = self
            .peers
            .open
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        if let Some(count) = open.get_mut(&self.ip) {
            *count -= 1;
            if *count == 0 {
                open.remove(&self.ip);
            }
        }
    }
}

/// An IPv4 peer seen through an IPv6 socket (`::ffff:a.b.c.d`) is that
/// IPv4 address.
fn canonical(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V6(v6) => v6.to_ipv4_mapped().map_or(IpAddr::V6(v6), IpAddr::V4),
        v4 => v4,
    }
}

/// Sets up an accepted socket: replies leave at once (`TCP_NODELAY`)
/// instead of waiting for the acknowledgement of the previous segment,
/// which a client delays (about 40 ms) on a kept-alive connection.
pub(crate) fn prepare(stream: &TcpStream) -> io::Result<()> {
    stream.set_nodelay(true)
}

/// The address of the peer a connection comes from, as the listener saw
/// it: put in each request's extensions, for the checks that depend on
/// it.
#[derive(Debug, Clone, Copy)]
pub(crate) struct PeerAddr(pub(crate) SocketAddr);

/// Whether `peer` is on this machine.
pub(crate) fn is_local(peer: SocketAddr) -> bool {
    canonical(peer.ip()).is_loopback()
}

/// Whether a `Host` header names this machine by a loopback name
/// (`localhost`, `127.0.0.1`, `[::1]`, with or without a port): only a
/// peer on this machine reaches the server by such a name.
pub(crate) fn names_loopback(host: &str) -> bool {
    let host = host.trim();
    let name = match host.parse::<hyper::http::uri::Authority>() {
        Ok(authority) => authority.host().to_owned(),
        Err(_) => host.to_owned(),
    };
    let name = name.trim_start_matches('[').trim_end_matches(']');
    let name = name.trim_end_matches('.');
    name.eq_ignore_ascii_case("localhost")
        || name.to_ascii_lowercase().ends_with(".localhost")
        || name
            .parse::<IpAddr>()
            .is_ok_and(|ip| canonical(ip).is_loopback())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_peer_holds_at_most_its_share_and_gives_it_back() {
        let peers = Peers::new(2);
        let a: SocketAddr = "192.0.2.1:1000".parse().unwrap();
        let a_again: SocketAddr = "[::ffff:192.0.2.1]:1001".parse().unwrap();
        let b: SocketAddr = "192.0.2.2:1000".parse().unwrap();
        let first = peers.admit(a).unwrap();
        let second = peers.admit(a_again).expect("the same peer, through IPv6");
        assert!(peers.admit(a).is_none(), "a third from the same address");
        let other = peers.admit(b).expect("another address has its own share");
        drop(first);
        let third = peers.admit(a).expect("a slot given back is taken again");
        drop((second, third, other));
        assert_eq!(peers.open_from(a.ip()), 0);
        assert!(
            peers.open.lock().unwrap().is_empty(),
            "no entry left behind"
        );
    }

    #[test]
    fn loopback_names_are_told_from_others() {
        for host in [
            "localhost",
            "LOCALHOST:8080",
            "localhost.",
            "app.localhost",
            "127.0.0.1",
            "127.0.0.2:80",
            "[::1]",
            "[::1]:8080",
            "[::ffff:127.0.0.1]:80",
        ] {
            assert!(names_loopback(host), "{host}");
        }
        for host in [
            "tools.example.com",
            "192.0.2.1:8080",
            "[2001:db8::1]",
            "localhostx",
        ] {
            assert!(!names_loopback(host), "{host}");
        }
    }

    #[tokio::test]
    async fn an_accepted_socket_sends_without_delay() {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        let (_client, accepted) = tokio::join!(TcpStream::connect(addr), listener.accept());
        let (stream, _) = accepted.unwrap();
        assert!(!stream.nodelay().unwrap(), "off until set");
        prepare(&stream).unwrap();
        assert!(stream.nodelay().unwrap());
    }
}
