//! Memory does not grow with the number of games played. A counting allocator measures the
//! bytes the process holds (every Rust allocation; SQLite's own C allocations are not seen, and
//! its page cache is bounded by its `cache_size` anyway) after batches of whole games played
//! through the service by the load driver: after two batches have warmed every cache, three batches
//! more must leave the live heap where they found it.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};

use rollerball::discord::DiscordMarkup;
use rollerball::game::{Service, SystemClock};
use rollerball::store::{Store, StoreOptions};
use rollerball_load::{LoadOptions, Outputs, Stop};

/// The system allocator, counting the bytes allocated and not yet freed.
struct Counting;

static LIVE: AtomicI64 = AtomicI64::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: forwarded unchanged to the system allocator.
        let p = unsafe { System.alloc(layout) };
        if !p.is_null() {
            LIVE.fetch_add(layout.size() as i64, Ordering::Relaxed);
        }
        p
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        // SAFETY: forwarded unchanged to the system allocator.
        let p = unsafe { System.alloc_zeroed(layout) };
        if !p.is_null() {
            LIVE.fetch_add(layout.size() as i64, Ordering::Relaxed);
        }
        p
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: forwarded unchanged to the system allocator.
        unsafe { System.dealloc(ptr, layout) };
        LIVE.fetch_sub(layout.size() as i64, Ordering::Relaxed);
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: forwarded unchanged to the system allocator.
        let p = unsafe { System.realloc(ptr, layout, new_size) };
        if !p.is_null() {
            LIVE.fetch_add(new_size as i64 - layout.size() as i64, Ordering::Relaxed);
        }
        p
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// Slots played at once; every game is resigned after `MAX_PLIES` if the rules have not
/// ended it, so each batch plays at least `MOVES / MAX_PLIES` whole games.
const SLOTS: usize = 8;
const MAX_PLIES: usize = 4;
const MOVES: u64 = 1200;

/// Live heap bytes allowed to differ before and after the measured batches (buffers that
/// happen to be in use or grown when a batch ends make about ±2 KiB, however many games were
/// played). The three batches play at least 876 games, so keeping 5 bytes per game played
/// would exceed it; an entry of the per-game lock table (key, pointer and the lock itself) is
/// over 50.
const BOUND: i64 = 4096;

/// Plays one batch of games on `service`, which runs on `store`; returns how many games it
/// finished.
async fn batch(service: &Arc<Service>, store: &Store, seed: u64) -> u64 {
    let options = LoadOptions {
        games: SLOTS,
        concurrency: 4,
        stop: Stop::Moves(MOVES),
        seed,
        max_plies: MAX_PLIES,
        report_every: None,
    };
    let report = rollerball_load::run(service.clone(), store.clone(), &options, Outputs::default())
        .await
        .expect("the load run");
    assert_eq!(report.refused, 0);
    assert_eq!(report.moves, MOVES);
    report.finished
}

#[test]
fn games_played_leave_no_memory_behind() {
    // A fixed number of threads, so that no batch pays for a thread another did not start.
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .max_blocking_threads(2)
        .thread_keep_alive(std::time::Duration::from_secs(3600))
        .enable_all()
        .build()
        .expect("runtime");
    let dir = tempfile::tempdir().expect("temp dir");
    let url = format!("sqlite://{}", dir.path().join("memory.db").display());
    runtime.block_on(async {
        // Two connections, both opened in the first batch: a pool of eight opens its later
        // connections only when a slow machine keeps the first ones busy, each with ~6 KB of
        // caches, which once made a step in a batch long after the warm-up (seen in CI).
        let options = StoreOptions {
            max_connections: 2,
            ..StoreOptions::default()
        };
        let store = Store::connect_with(&url, options).await.expect("database");
        let service = Arc::new(
            Service::new(store.clone(), Arc::new(SystemClock))
                .with_markup(Arc::new(DiscordMarkup))
                .with_rate_limit(None),
        );
        // Warm-up: the renderer's caches, the pool's connections, the statement caches. Two
        // batches, since the caches still grew by 6–13 KB over a second one; from the third on
        // the live heap stayed within 2.2 KB over six batches more (measured 2026-12-02, and
        // with two connections within ±2.2 KB over seven batches, measured 2026-12-03).
        batch(&service, &store, 1).await;
        batch(&service, &store, 2).await;
        let mut heap = vec![LIVE.load(Ordering::SeqCst)];
        let mut games = Vec::new();
        for seed in 3..=5 {
            games.push(batch(&service, &store, seed).await);
            heap.push(LIVE.load(Ordering::SeqCst));
        }
        println!("live heap before and after batches of {games:?} games: {heap:?} bytes");
        // Every slot may still be in the middle of a game when a batch ends.
        let whole = MOVES / MAX_PLIES as u64 - SLOTS as u64;
        assert!(
            games.iter().all(|&played| played >= whole),
            "{games:?} games"
        );
        let change = heap[heap.len() - 1] - heap[0];
        assert!(
            change.abs() <= BOUND,
            "{} more games changed the live heap by {change} bytes (after each batch: {heap:?})",
            games.iter().sum::<u64>()
        );
        store.close().await;
    });
}
