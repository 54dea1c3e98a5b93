//! The terminal's input, read and parsed by crossterm's own event reader on a thread of its
//! own, which hands every event to the event loop's channel (as every worker does). The thread
//! blocks in the read: an idle editor uses no CPU.
//!
//! A terminal that goes away (its window closed) is said once, as a hang-up: by the reader when
//! crossterm's read fails, and on Unix by a watcher of the terminal's hang-up, since crossterm's
//! reader reads a closed terminal's end of file again and again instead of saying so.

use std::io;

use ratatui::crossterm::event::{self, Event};

#[cfg(unix)]
mod hangup;

/// What the terminal hands the event loop.
#[derive(Debug)]
pub enum Input {
    Event(Event),
    /// The terminal cannot be read any more (why): it is gone.
    Gone(String),
}

/// Starts reading the terminal: `send` gets every event, and once the terminal is gone a
/// [`Input::Gone`]; it returns false when nobody listens any more, which ends the reading.
pub fn start(send: impl Fn(Input) -> bool + Clone + Send + 'static) -> io::Result<()> {
    #[cfg(unix)]
    hangup::watch(send.clone())?;
    std::thread::Builder::new()
        .name("terminal input".into())
        .spawn(move || read_events(event::read, send))?;
    Ok(())
}

/// Hands the events `read` gives to `send` until reading fails (said once) or nobody listens.
fn read_events(mut read: impl FnMut() -> io::Result<Event>, send: impl Fn(Input) -> bool) {
    loop {
        match read() {
            Ok(ev) => {
                if !send(Input::Event(ev)) {
                    return;
                }
            }
            Err(e) => {
                send(Input::Gone(e.to_string()));
                return;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use std::sync::mpsc;

    use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

    use super::*;

    fn key(c: char) -> Event {
        Event::Key(KeyEvent::new(KeyCode::Char(c), KeyModifiers::NONE))
    }

    #[test]
    fn events_come_in_order_and_a_failed_read_is_said_once() {
        let mut script = vec![
            Ok(key('a')),
            Ok(key('b')),
            Err(io::Error::other("gone")),
            Ok(key('c')),
        ]
        .into_iter();
        let (tx, rx) = mpsc::channel();
        read_events(
            || script.next().unwrap(),
            move |input| tx.send(input).is_ok(),
        );
        let got: Vec<Input> = rx.try_iter().collect();
        assert!(
            matches!(&got[..], [Input::Event(a), Input::Event(b), Input::Gone(why)]
            if *a == key('a') && *b == key('b') && why == "gone")
        );
        assert!(script.next().is_some(), "nothing is read after the failure");
    }

    #[test]
    fn reading_ends_when_nobody_listens() {
        let mut reads = 0;
        read_events(
            || {
                reads += 1;
                Ok(key('x'))
            },
            |_| false,
        );
        assert_eq!(reads, 1);
    }
}
