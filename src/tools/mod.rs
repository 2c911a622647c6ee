//! The tools beside the engine, one module each; `main` dispatches subcommands here.

pub mod analyze;
pub mod arena;
pub mod bench;
pub mod botzone;
pub mod check_transcripts;
pub mod judge;
pub mod label;
pub mod moves;
pub mod play;
pub mod position_line;
pub mod replay;
pub mod run_flags;
pub mod selfplay;
pub mod serve;
pub mod solve;
pub mod split;
pub mod table_flags;
/// The binary's usage: the engine's (its settings, each a flag, listed from the settings
/// registries so that a new setting is listed where it is defined), then every tool.
#[must_use]
pub fn usage() -> &'static str {
    leak(format!("{}{}", crate::engine::config::usage(), TOOLS_USAGE))
}

/// The usage of `tool` (`None`: no such tool), for `ddz TOOL --help` and `ddz help TOOL`;
/// `rest`, the words after the tool's name, picks a subcommand's own (`arena merge`, `selfplay
/// merge`). `main` answers help with it before it runs the tool: help is no error of the run.
#[must_use]
pub fn usage_of(tool: &str, rest: &[String]) -> Option<&'static str> {
    let sub = rest.first().map(String::as_str);
    Some(match (tool, sub) {
        ("moves", _) => moves::MOVES_USAGE,
        ("classify", _) => moves::CLASSIFY_USAGE,
        ("split", _) => split::USAGE,
        ("solve", _) => position_line::USAGE,
        ("analyze", _) => analyze::usage(),
        ("bench", _) => bench::USAGE,
        ("arena", Some("merge")) => arena::MERGE_USAGE,
        ("arena", _) => arena::usage(),
        ("play", _) => table_flags::usage(),
        ("replay", _) => replay::USAGE,
        ("serve", _) => serve::usage(),
        ("check-transcripts", _) => check_transcripts::USAGE,
        ("selfplay", Some("merge")) => selfplay::MERGE_USAGE,
        ("selfplay", _) => selfplay::SELFPLAY_USAGE,
        ("botzone", _) => botzone::usage(),
        ("encode", _) => selfplay::ENCODE_USAGE,
        ("label", _) => label::LABEL_USAGE,
        ("netcheck", _) => selfplay::NETCHECK_USAGE,
        _ => return None,
    })
}

/// A usage text made once per run, kept for the rest of it (the command line's reader and
/// [`usage_of`] hold usage texts as `&'static str`).
pub(crate) fn leak(text: String) -> &'static str {
    Box::leak(text.into_boxed_str())
}

/// The file at `path` created (emptied if it exists) for buffered writing; an error names it.
pub(crate) fn create(path: &std::path::Path) -> anyhow::Result<std::io::BufWriter<std::fs::File>> {
    use anyhow::Context;
    let file =
        std::fs::File::create(path).with_context(|| format!("creating {}", path.display()))?;
    Ok(std::io::BufWriter::new(file))
}

/// A tool's usage with the thinking player's settings listed
/// between `head` and `tail`, each spelled as a flag (`--think S`, a tool's flags) or as a key
/// (`think=S`, `builtin:ddz`'s).
pub(crate) fn usage_with_settings(head: &str, as_flags: bool, tail: &str) -> &'static str {
    use crate::registry::{as_flag, as_key};
    use crate::strategy::thinker::player_usage_lines;
    let lines = if as_flags {
        player_usage_lines(as_flag, 0)
    } else {
        player_usage_lines(as_key, 0)
    };
    leak(format!("{}\n{}{}", head, lines, tail))
}

/// The tools' lines of the binary's usage.
const TOOLS_USAGE: &str = "       ddz moves HAND [--follow PLAY]                    every legal play of a hand
       ddz classify PLAY                                 the type, key and size of a play
       ddz split HAND [--few-singles]                    the best split, its value and min rounds
       ddz solve A=HAND B=HAND C=HAND --landlord SEAT [--turn SEAT] [--beat PLAY --by SEAT] [--nodes N]
                                                         who wins an open-hand position, and how
       ddz analyze --transcript FILE --at N | A=.. B=.. C=.. --landlord S --seat S [--turn S] [--beat P --by S]
                                                         every candidate's expected score in one decision
       ddz bench [--quick]                               speed figures and a behaviour fingerprint
       ddz arena [OPTIONS]                               engines against engines
       ddz arena merge FILE...                           the report of shards' JSON logs together
       ddz play [OPTIONS]                                you at the table against engines
       ddz replay FILE [--game N] [--html OUT]           a finished game from a JSON log or transcript
       ddz serve [--port P] [OPTIONS]                    you against engines in the browser
       ddz check-transcripts --engine \"CMD ARGS\" FILE_OR_DIR...  check an engine on transcripts
       ddz botzone [--player NAME] [--think S] [--keep-running]  the engine as a Botzone bot
       ddz selfplay --out FILE [OPTIONS]                 self-play positions as training data
       ddz selfplay merge --out FILE SHARD...            self-play shards' files joined into the whole run's
       ddz encode --net play|bid DATA... --out FILE      training data as a network's matrix
       ddz label --out FILE [OPTIONS]                    the thinking player's decisions, to teach the learned policy
       ddz netcheck PREFIX | --data FILE                 a trained network against the trainer / the data
       ddz help [TOOL]                                   this text, or a tool's usage (also ddz TOOL --help)
       ddz --version                                     the version
Flags take their value as --flag VALUE or --flag=VALUE; cards may be typed with spaces (3 3 4 or \"3 3 4\").";

/// What `ddz --version` prints: the version and the commit ([`crate::VERSION`]).
pub const VERSION: &str = crate::VERSION;
