//! Work the pages make in the background ([`run`]): a game file's drawing (a GIF of 200 plies
//! is a second or more of one core) on a thread of its own at the lowest scheduling priority,
//! so that on a small machine the cores go to the players' moves first and to the files with
//! what is left.
//!
//! Measured with `rollerball-load gifs` (BENCHMARKS.md): on two cores, a crowd's GIF drawn at
//! the usual priority took one core from the moves for as long as it was drawn, and their p99
//! rose by half. Only the thread's own niceness is changed (Linux's `setpriority` on a thread
//! id names that thread alone), through `rustix`, since the workspace forbids unsafe code; on
//! other systems the work runs at the usual priority.

use tokio::sync::oneshot;

/// The niceness of a making's thread: the lowest priority there is.
const NICENESS: i32 = 19;

/// Runs `work` on a thread of its own at the lowest priority and gives its result; an error
/// when the thread could not be started or `work` panicked.
pub(crate) async fn run<T: Send + 'static>(
    work: impl FnOnce() -> T + Send + 'static,
) -> Result<T, String> {
    let (done, result) = oneshot::channel();
    std::thread::Builder::new()
        .name("rollerball-file".to_string())
        .spawn(move || {
            lower_priority();
            let _ = done.send(work());
        })
        .map_err(|error| format!("could not start a thread: {error}"))?;
    result
        .await
        .map_err(|_| "the drawing's thread panicked".to_string())
}

/// Gives the calling thread the lowest priority. A refusal (a container that forbids it) leaves
/// the usual one: the file is still made, only sooner than it should.
#[cfg(target_os = "linux")]
fn lower_priority() {
    let me = rustix::thread::gettid();
    if let Err(error) = rustix::process::setpriority_process(Some(me), NICENESS) {
        tracing::debug!(%error, "could not lower a file making's priority");
    }
}

#[cfg(not(target_os = "linux"))]
fn lower_priority() {}

#[cfg(all(test, target_os = "linux"))]
mod tests {
    use super::*;

    #[tokio::test]
    async fn the_work_runs_at_the_lowest_priority_and_the_caller_keeps_its_own() {
        let niceness = || rustix::process::getpriority_process(Some(rustix::thread::gettid()));
        let before = niceness().unwrap();
        assert_eq!(run(move || niceness().unwrap()).await, Ok(NICENESS));
        assert_eq!(niceness().unwrap(), before);
    }

    #[tokio::test]
    async fn a_panic_is_an_error_not_a_crash() {
        let outcome: Result<(), String> = run(|| panic!("drawing failed")).await;
        assert_eq!(outcome, Err("the drawing's thread panicked".to_string()));
    }
}
