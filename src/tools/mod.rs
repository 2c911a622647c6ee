//! The tools beside the engine, one module each, named for its tool, and their one table
//! ([`TOOLS`]), from which `main` dispatches and `ddz help` is made.

pub(crate) mod analyze;
pub(crate) mod arena;
pub(crate) mod bench;
pub(crate) mod botzone;
pub(crate) mod check_transcripts;
pub(crate) mod classify;
pub(crate) mod encode;
pub(crate) mod judge;
pub(crate) mod label;
pub(crate) mod moves;
pub(crate) mod netcheck;
pub(crate) mod play;
pub mod position_line;
pub(crate) mod replay;
pub(crate) mod run_flags;
pub(crate) mod selfplay;
pub(crate) mod serve;
pub(crate) mod solve;
pub(crate) mod split;
pub(crate) mod table_flags;
/// One tool of the binary, declared once in [`TOOLS`]: `main` runs it by its name, `ddz help`
/// lists its lines, `ddz TOOL --help` prints its usage, and a mistyped name is matched against
/// the names.
pub struct Tool {
    /// The subcommand's name.
    pub name: &'static str,
    /// Its lines of `ddz help`: a synopsis and a one-line summary each (`arena`, `arena merge`).
    pub(crate) lines: &'static [(&'static str, &'static str)],
    /// Runs it on the words after its name.
    pub run: fn(&[String]) -> anyhow::Result<()>,
    /// Its usage, given the word after its name (a subcommand's own: `arena merge`).
    pub usage: fn(Option<&str>) -> &'static str,
    /// Whether it runs other programs over pipes (`main` keeps SIGPIPE ignored for it, so an
    /// engine that dies is a fault the tool reports, not its own silent death).
    pub talks_to_programs: bool,
}

/// Every tool, in the order `ddz help` lists them.
pub static TOOLS: &[Tool] = &[
    Tool {
        name: "moves",
        lines: &[("ddz moves HAND [--follow PLAY]", "every legal play of a hand")],
        run: moves::run_moves,
        usage: |_| moves::MOVES_USAGE,
        talks_to_programs: false,
    },
    Tool {
        name: "classify",
        lines: &[("ddz classify PLAY", "the type, key and size of a play")],
        run: classify::run,
        usage: |_| classify::CLASSIFY_USAGE,
        talks_to_programs: false,
    },
    Tool {
        name: "split",
        lines: &[(
            "ddz split HAND [--few-singles]",
            "the best split, its value and min rounds",
        )],
        run: split::run,
        usage: |_| split::USAGE,
        talks_to_programs: false,
    },
    Tool {
        name: "solve",
        lines: &[(
            "ddz solve A=HAND B=HAND C=HAND --landlord SEAT [--turn SEAT] [--beat PLAY --by SEAT] [--nodes N]",
            "who wins an open-hand position, and how",
        )],
        run: solve::run,
        usage: |_| position_line::USAGE,
        talks_to_programs: false,
    },
    Tool {
        name: "analyze",
        lines: &[(
            "ddz analyze --transcript FILE --at N | A=.. B=.. C=.. --landlord S --seat S [--turn S] [--beat P --by S]",
            "every candidate's expected score in one decision",
        )],
        run: analyze::run,
        usage: |_| analyze::usage(),
        talks_to_programs: false,
    },
    Tool {
        name: "bench",
        lines: &[("ddz bench [--quick]", "speed figures and a behaviour fingerprint")],
        run: bench::run,
        usage: |_| bench::USAGE,
        talks_to_programs: false,
    },
    Tool {
        name: "arena",
        lines: &[
            ("ddz arena [OPTIONS]", "engines against engines"),
            (
                "ddz arena merge FILE...",
                "the report of shards' JSON logs together",
            ),
        ],
        run: arena::run_arena,
        usage: |sub| match sub {
            Some("merge") => arena::MERGE_USAGE,
            _ => arena::usage(),
        },
        talks_to_programs: true,
    },
    Tool {
        name: "play",
        lines: &[("ddz play [OPTIONS]", "you at the table against engines")],
        run: play::run_play,
        usage: |_| table_flags::usage(),
        talks_to_programs: true,
    },
    Tool {
        name: "replay",
        lines: &[(
            "ddz replay FILE [--game N] [--html OUT]",
            "a finished game from a JSON log or transcript",
        )],
        run: replay::run_replay,
        usage: |_| replay::USAGE,
        talks_to_programs: false,
    },
    Tool {
        name: "serve",
        lines: &[(
            "ddz serve [--port P] [OPTIONS]",
            "you against engines in the browser",
        )],
        run: serve::run_serve,
        usage: |_| serve::usage(),
        talks_to_programs: false,
    },
    Tool {
        name: "check-transcripts",
        lines: &[(
            "ddz check-transcripts --engine \"CMD ARGS\" FILE_OR_DIR...",
            "check an engine on transcripts",
        )],
        run: check_transcripts::run,
        usage: |_| check_transcripts::USAGE,
        talks_to_programs: true,
    },
    Tool {
        name: "botzone",
        lines: &[(
            "ddz botzone [--player NAME] [--think S | --samples N] [--keep-running]",
            "the engine as a Botzone bot",
        )],
        run: botzone::run,
        usage: |_| botzone::usage(),
        talks_to_programs: false,
    },
    Tool {
        name: "selfplay",
        lines: &[
            (
                "ddz selfplay --out FILE [OPTIONS]",
                "self-play positions as training data",
            ),
            (
                "ddz selfplay merge --out FILE SHARD...",
                "self-play shards' files joined into the whole run's",
            ),
        ],
        run: selfplay::run_selfplay,
        usage: |sub| match sub {
            Some("merge") => selfplay::MERGE_USAGE,
            _ => selfplay::SELFPLAY_USAGE,
        },
        talks_to_programs: true,
    },
    Tool {
        name: "encode",
        lines: &[(
            "ddz encode --net play|bid|hidden DATA... --out FILE",
            "training data as a network's matrix",
        )],
        run: encode::run,
        usage: |_| encode::ENCODE_USAGE,
        talks_to_programs: false,
    },
    Tool {
        name: "label",
        lines: &[(
            "ddz label --out FILE [OPTIONS]",
            "the thinking player's decisions, to teach the learned policy",
        )],
        run: label::run,
        usage: |_| label::LABEL_USAGE,
        talks_to_programs: true,
    },
    Tool {
        name: "netcheck",
        lines: &[(
            "ddz netcheck PREFIX | --data FILE",
            "a trained network against the trainer / the data",
        )],
        run: netcheck::run,
        usage: |_| netcheck::NETCHECK_USAGE,
        talks_to_programs: false,
    },
];

/// The lines of the binary's usage after the tools'.
const USAGE_TAIL: &[(&str, &str)] = &[
    (
        "ddz help [TOOL]",
        "this text, or a tool's usage (also ddz TOOL --help)",
    ),
    ("ddz --version", "the version"),
];

/// The tool named `name`.
#[must_use]
pub fn tool(name: &str) -> Option<&'static Tool> {
    TOOLS.iter().find(|t| t.name == name)
}

/// The binary's usage: the engine's (its settings, each a flag, listed from the settings
/// registries so that a new setting is listed where it is defined), then every tool's lines
/// from [`TOOLS`], each summary in a column (on a line of its own after a long synopsis).
#[must_use]
pub fn usage() -> &'static str {
    let mut text = crate::engine::config::usage().to_string();
    let lines = TOOLS.iter().flat_map(|t| t.lines).chain(USAGE_TAIL);
    for (synopsis, summary) in lines {
        let column = SUMMARY_COLUMN - INDENT.len();
        if synopsis.len() < column {
            text.push_str(&format!("{}{:<column$}{}\n", INDENT, synopsis, summary));
        } else if INDENT.len() + synopsis.len() + 2 + summary.len()
            <= crate::registry::USAGE_COLUMNS
        {
            text.push_str(&format!("{}{}  {}\n", INDENT, synopsis, summary));
        } else {
            let under = " ".repeat(SUMMARY_COLUMN);
            text.push_str(&format!("{}{}\n{}{}\n", INDENT, synopsis, under, summary));
        }
    }
    text.push_str(
        "Flags take their value as --flag VALUE or --flag=VALUE; cards may be typed with spaces \
         (3 3 4 or \"3 3 4\").",
    );
    leak(text)
}

/// Where the tools' lines start: under `ddz` of the usage's first line (`usage: ddz`).
const INDENT: &str = "       ";
/// The column of the one-line summaries, as the engine's line has it
/// ([`crate::engine::config::usage`]).
const SUMMARY_COLUMN: usize = 57;

#[cfg(test)] // read by the tests alone
/// The usage of `tool` (`None`: no such tool), for `ddz TOOL --help` and `ddz help TOOL`;
/// `rest`, the words after the tool's name, picks a subcommand's own (`arena merge`, `selfplay
/// merge`). `main` answers help with it before it runs the tool: help is no error of the run.
#[must_use]
pub(crate) fn usage_of(name: &str, rest: &[String]) -> Option<&'static str> {
    tool(name).map(|t| (t.usage)(rest.first().map(String::as_str)))
}

/// A usage text made once per run, kept for the rest of it (the command line's reader and
/// `usage_of` hold usage texts as `&'static str`).
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

#[cfg(test)]
mod tests {
    use super::*;

    /// Each tool of the table once, its lines and its usage naming it, and the binary's usage
    /// listing every line, each summary in the column or under it.
    #[test]
    fn the_table_makes_the_help() {
        let help = usage();
        for (i, tool) in TOOLS.iter().enumerate() {
            assert!(
                TOOLS[..i].iter().all(|t| t.name != tool.name),
                "{}",
                tool.name
            );
            let own = format!("usage: ddz {}", tool.name);
            assert!((tool.usage)(None).starts_with(&own), "{}", tool.name);
            for (synopsis, summary) in tool.lines {
                assert!(synopsis.starts_with(&format!("ddz {}", tool.name)));
                let at = help.find(synopsis).expect("listed");
                let after = &help[at + synopsis.len()..];
                assert_eq!(after.trim_start().lines().next(), Some(*summary));
            }
        }
        assert_eq!(
            usage_of("arena", &["merge".into()]),
            Some(arena::MERGE_USAGE)
        );
        assert_eq!(usage_of("arena", &[]), Some(arena::usage()));
        assert_eq!(usage_of("nope", &[]), None);
    }
}
