//! `rollerball render`: the bot's board picture (or the animated game) written to a file.

use std::io::Write;
use std::path::PathBuf;

use rollerball::render::{
    self, BoardView, Caption, DEFAULT_SIZE, English, GifOptions, MAX_SIZE, MIN_SIZE, Options, Theme,
};
use rollerball::rules::{Color, START_FEN, Square};

use super::support::{Outcome, game_after};

/// Draw the board as a PNG, or with `--gif` the whole game as an animated GIF.
#[derive(clap::Args)]
pub struct Args {
    /// The position to start from (default: the standard start).
    #[arg(long, default_value = START_FEN)]
    fen: String,
    /// Moves to play first, in one argument, such as "c2-b3 e6-f5 Rf1"; the last one is
    /// highlighted (and a check marked).
    #[arg(long, default_value = "")]
    moves: String,
    /// Black at the bottom.
    #[arg(long)]
    flip: bool,
    /// Image side in pixels.
    #[arg(long, default_value_t = DEFAULT_SIZE,
          value_parser = clap::value_parser!(u32).range(MIN_SIZE as i64..=MAX_SIZE as i64))]
    size: u32,
    /// Colour theme.
    #[arg(long, default_value = "wood", value_parser = Theme::NAMES)]
    theme: String,
    /// Mark the squares the piece on this square can move to.
    #[arg(long)]
    targets: Option<String>,
    /// Animate the whole game (start position, then one frame per move) as a GIF.
    #[arg(long)]
    gif: bool,
    /// Name the game in bars above and below the board: its number (the players' names
    /// default to White and Black).
    #[arg(long)]
    game: Option<u64>,
    /// White's name in the caption bars (with `--game`).
    #[arg(long, requires = "game")]
    white: Option<String>,
    /// Black's name in the caption bars (with `--game`).
    #[arg(long, requires = "game")]
    black: Option<String>,
    /// The file to write.
    #[arg(short, long)]
    output: PathBuf,
}

/// Draws the picture, writes the file and reports its name and size.
pub fn run(args: Args, out: &mut impl Write) -> Outcome {
    let game = game_after(&args.fen, args.moves.split_whitespace())?;
    let theme = &args.theme;
    let options = Options {
        size: args.size,
        orientation: if args.flip {
            Color::Black
        } else {
            Color::White
        },
        theme: Theme::by_name(theme).ok_or_else(|| format!("unknown theme `{theme}`"))?,
    };
    let caption = args.game.map(|id| Caption {
        players: [
            args.white.clone().unwrap_or_else(|| "White".into()),
            args.black.clone().unwrap_or_else(|| "Black".into()),
        ],
        game: format!("Game {id}"),
    });
    let bytes = if args.gif {
        let gif_options = GifOptions {
            board: options,
            ..GifOptions::default()
        };
        render::render_gif_in(&game, &gif_options, caption.as_ref(), &English)
    } else {
        let mut view = BoardView::of_game(&game);
        view.caption = caption;
        if let Some(from) = &args.targets {
            let sq: Square = from
                .parse()
                .map_err(|e| format!("bad square `{from}`: {e}"))?;
            view = view.with_targets_from(sq);
        }
        render::render_png(&view, &options)
    }
    .map_err(|e| e.to_string())?;
    let output = &args.output;
    std::fs::write(output, &bytes)
        .map_err(|e| format!("cannot write {}: {e}", output.display()))?;
    writeln!(out, "{} ({} bytes)", output.display(), bytes.len())?;
    Ok(())
}
