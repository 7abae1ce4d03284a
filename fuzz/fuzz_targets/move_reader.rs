#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| rollerball_fuzz::move_reader(data));
