#![no_main]

use std::sync::OnceLock;

use rollerball_fuzz::ServiceHarness;

/// One harness for the whole run: it keeps the template database and the runtime, and gives
/// every input a fresh copy of the same world.
static HARNESS: OnceLock<ServiceHarness> = OnceLock::new();

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    HARNESS
        .get_or_init(|| ServiceHarness::new().expect("the fuzz world"))
        .run(data)
});
