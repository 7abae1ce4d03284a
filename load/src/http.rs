//! A minimal HTTP/1.1 client over tokio's `TcpStream`, for the web measurements: a whole GET
//! read to its end ([`get`]), and the pieces that read a Server-Sent Events stream as it comes
//! ([`Head`], [`Dechunk`], [`SseParser`]). Only what the bot's own server sends is understood:
//! a `Content-Length` or chunked body, `id:`/`event:`/`data:` fields and `:` comments.

use std::io;
use std::net::SocketAddr;

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

/// Most bytes of a response's head.
const HEAD_MAX: usize = 16 * 1024;

/// A whole response.
#[derive(Debug)]
pub struct Response {
    /// The status code.
    pub status: u16,
    /// The header lines, names in lower case.
    pub headers: Vec<(String, String)>,
    /// The body, de-chunked.
    pub body: Vec<u8>,
}

impl Response {
    /// The first header named `name` (lower case).
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }
}

/// `GET path` on a new connection to `addr` (`Connection: close`), read to its end. The caller
/// bounds its time.
pub async fn get(addr: SocketAddr, path: &str) -> io::Result<Response> {
    let mut stream = TcpStream::connect(addr).await?;
    stream.set_nodelay(true)?;
    let request = format!("GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n");
    stream.write_all(request.as_bytes()).await?;
    let mut raw = Vec::with_capacity(64 * 1024);
    stream.read_to_end(&mut raw).await?;
    let invalid = |what: String| io::Error::new(io::ErrorKind::InvalidData, what);
    let (head, used) = Head::parse(&raw)
        .map_err(invalid)?
        .ok_or_else(|| invalid("the response ended inside its head".into()))?;
    let rest = &raw[used..];
    let body = if head.chunked {
        let mut body = Vec::with_capacity(rest.len());
        let mut dechunk = Dechunk::default();
        dechunk.feed(rest, &mut body).map_err(invalid)?;
        if !dechunk.done() {
            return Err(invalid("the chunked body ended early".into()));
        }
        body
    } else {
        rest.to_vec()
    };
    if let Some(length) = head.content_length
        && length != body.len()
    {
        return Err(invalid(format!(
            "Content-Length {length}, {} bytes read",
            body.len()
        )));
    }
    Ok(Response {
        status: head.status,
        headers: head.headers,
        body,
    })
}

/// A response's status line and headers.
#[derive(Debug)]
pub struct Head {
    /// The status code.
    pub status: u16,
    /// The header lines, names in lower case.
    pub headers: Vec<(String, String)>,
    /// Whether the body is chunked.
    pub chunked: bool,
    /// `Content-Length`, if given.
    pub content_length: Option<usize>,
}

impl Head {
    /// The head at the start of `raw` and how many bytes it took; `None` while it is not all
    /// there.
    pub fn parse(raw: &[u8]) -> Result<Option<(Head, usize)>, String> {
        let Some(end) = raw.windows(4).position(|w| w == b"\r\n\r\n") else {
            return if raw.len() > HEAD_MAX {
                Err("a response head over 16 KiB".into())
            } else {
                Ok(None)
            };
        };
        let text = std::str::from_utf8(&raw[..end]).map_err(|_| "a head not in UTF-8")?;
        let mut lines = text.split("\r\n");
        let status_line = lines.next().unwrap_or_default();
        let status = status_line
            .strip_prefix("HTTP/1.1 ")
            .and_then(|s| s.get(..3))
            .and_then(|s| s.parse().ok())
            .ok_or_else(|| format!("not an HTTP/1.1 status line: {status_line:?}"))?;
        let headers: Vec<(String, String)> = lines
            .filter_map(|l| l.split_once(':'))
            .map(|(n, v)| (n.trim().to_ascii_lowercase(), v.trim().to_string()))
            .collect();
        let chunked = headers
            .iter()
            .any(|(n, v)| n == "transfer-encoding" && v.eq_ignore_ascii_case("chunked"));
        let content_length = headers
            .iter()
            .find(|(n, _)| n == "content-length")
            .and_then(|(_, v)| v.parse().ok());
        let head = Head {
            status,
            headers,
            chunked,
            content_length,
        };
        Ok(Some((head, end + 4)))
    }
}

/// A chunked body decoded as its bytes arrive.
#[derive(Debug, Default)]
pub struct Dechunk {
    state: ChunkState,
    /// The chunk-size line read so far.
    line: Vec<u8>,
}

#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
enum ChunkState {
    /// Reading a chunk-size line.
    #[default]
    Size,
    /// So many bytes of a chunk's data to go.
    Data(usize),
    /// The CR LF after a chunk's data.
    DataEnd,
    /// The last chunk was read (trailers are ignored).
    Done,
}

impl Dechunk {
    /// Decodes `input`, appending the data to `out`.
    pub fn feed(&mut self, input: &[u8], out: &mut Vec<u8>) -> Result<(), String> {
        let mut i = 0;
        while i < input.len() {
            match self.state {
                ChunkState::Size => {
                    let byte = input[i];
                    i += 1;
                    if byte != b'\n' {
                        self.line.push(byte);
                        if self.line.len() > 64 {
                            return Err("a chunk-size line over 64 bytes".into());
                        }
                        continue;
                    }
                    let line = std::str::from_utf8(&self.line).unwrap_or("");
                    let digits = line.trim_end_matches('\r').split(';').next().unwrap_or("");
                    let size = usize::from_str_radix(digits.trim(), 16)
                        .map_err(|_| format!("a bad chunk size {line:?}"))?;
                    self.line.clear();
                    self.state = if size == 0 {
                        ChunkState::Done
                    } else {
                        ChunkState::Data(size)
                    };
                }
                ChunkState::Data(left) => {
                    let take = left.min(input.len() - i);
                    out.extend_from_slice(&input[i..i + take]);
                    i += take;
                    self.state = if take == left {
                        ChunkState::DataEnd
                    } else {
                        ChunkState::Data(left - take)
                    };
                }
                ChunkState::DataEnd => {
                    let byte = input[i];
                    i += 1;
                    match byte {
                        b'\r' => {}
                        b'\n' => self.state = ChunkState::Size,
                        _ => return Err("no CR LF after a chunk".into()),
                    }
                }
                ChunkState::Done => return Ok(()),
            }
        }
        Ok(())
    }

    /// Whether the last chunk was read.
    pub fn done(&self) -> bool {
        self.state == ChunkState::Done
    }
}

/// One Server-Sent Event.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SseEvent {
    /// `id:`, if given.
    pub id: Option<String>,
    /// `event:` (`message` when not given).
    pub event: String,
    /// `data:` lines, joined by newlines.
    pub data: String,
}

/// What a stream's text holds, line by line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SseItem {
    /// An event, dispatched by its blank line.
    Event(SseEvent),
    /// A `:` comment (the server's keep-alive).
    Comment,
}

/// An event stream's text parsed as it arrives.
#[derive(Debug, Default)]
pub struct SseParser {
    line: Vec<u8>,
    id: Option<String>,
    event: Option<String>,
    data: Option<String>,
}

impl SseParser {
    /// Parses `text`, handing each event and comment to `found`.
    pub fn feed(&mut self, text: &[u8], mut found: impl FnMut(SseItem)) -> Result<(), String> {
        for &byte in text {
            if byte != b'\n' {
                self.line.push(byte);
                if self.line.len() > 64 * 1024 {
                    return Err("an event-stream line over 64 KiB".into());
                }
                continue;
            }
            let line = std::mem::take(&mut self.line);
            let line = std::str::from_utf8(&line).map_err(|_| "a line not in UTF-8")?;
            let line = line.strip_suffix('\r').unwrap_or(line);
            if line.is_empty() {
                if self.data.is_some() || self.event.is_some() {
                    found(SseItem::Event(SseEvent {
                        id: self.id.take(),
                        event: self.event.take().unwrap_or_else(|| "message".into()),
                        data: self.data.take().unwrap_or_default(),
                    }));
                }
                continue;
            }
            if line.starts_with(':') {
                found(SseItem::Comment);
                continue;
            }
            let (field, value) = line.split_once(':').unwrap_or((line, ""));
            let value = value.strip_prefix(' ').unwrap_or(value);
            match field {
                "id" => self.id = Some(value.to_string()),
                "event" => self.event = Some(value.to_string()),
                "data" => match &mut self.data {
                    Some(data) => {
                        data.push('\n');
                        data.push_str(value);
                    }
                    None => self.data = Some(value.to_string()),
                },
                _ => {}
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_chunked_event_stream_is_read_across_any_split() {
        let mut body = Vec::new();
        for piece in [
            ": keep-alive\n\nid: 7\nevent: m",
            "oved\ndata",
            ": {\"ply\":1}\n\n",
        ] {
            body.extend_from_slice(format!("{:x}\r\n{piece}\r\n", piece.len()).as_bytes());
        }
        body.extend_from_slice(b"0\r\n\r\n");
        for split in 0..body.len() {
            let mut dechunk = Dechunk::default();
            let mut text = Vec::new();
            dechunk.feed(&body[..split], &mut text).unwrap();
            dechunk.feed(&body[split..], &mut text).unwrap();
            assert!(dechunk.done());
            let mut items = Vec::new();
            let mut parser = SseParser::default();
            parser.feed(&text, |i| items.push(i)).unwrap();
            assert_eq!(
                items,
                vec![
                    SseItem::Comment,
                    SseItem::Event(SseEvent {
                        id: Some("7".into()),
                        event: "moved".into(),
                        data: "{\"ply\":1}".into(),
                    }),
                ],
                "split at {split}"
            );
        }
    }

    #[test]
    fn a_head_is_read_once_whole() {
        let raw = b"HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\n\
                    Transfer-Encoding: chunked\r\n\r\n5\r\n";
        assert!(Head::parse(&raw[..20]).unwrap().is_none());
        let (head, used) = Head::parse(raw).unwrap().unwrap();
        assert_eq!((head.status, head.chunked), (200, true));
        assert_eq!(&raw[used..], b"5\r\n");
    }
}
