//! The `ddz` binary. With no subcommand it is the competition engine, speaking the referee
//! protocol on stdin/stdout; every tool is a subcommand on the same library.

use std::process::ExitCode;

use ddz::cli::{asked_for, Asked};
use ddz::tools::usage;
use std::io::Write;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let tool = args.first().map(String::as_str).unwrap_or("");
    let rest = args.get(1..).unwrap_or(&[]);
    // No arguments, or only flags: the engine (the platform starts the exe bare).
    if tool.is_empty() || tool.starts_with('-') {
        return run_engine(&args);
    }
    // `ddz help TOOL` is `ddz TOOL --help` (and `ddz help --help` the usage). The flag lives in a named array: Rust 1.63 (the
    // Windows build's toolchain) drops a temporary array at the end of the match arm.
    let help_flag = ["--help".to_string()];
    let (tool, rest) = match (tool, rest.first()) {
        ("help", Some(name)) if !name.starts_with('-') => (name.as_str(), &help_flag[..]),
        _ => (tool, rest),
    };
    let found = ddz::tools::tool(tool);
    if !found.map_or(false, |t| t.talks_to_programs) {
        ddz::os::default_sigpipe();
    }
    // Help is answered before anything runs: it is what was asked, not a failure of the run.
    if tool == "help" {
        return print_usage(usage());
    }
    let found = match found {
        Some(t) => t,
        None => {
            // One line, the near name in it, as for an unknown option: the usage printed after
            // it (50 lines) scrolled the suggestion out of sight.
            let names = ddz::tools::TOOLS.iter().map(|t| t.name).chain(["help"]);
            eprintln!(
                "ddz: unknown command '{}'{} (ddz help lists the tools)",
                tool,
                ddz::near_names::did_you_mean(tool, names),
            );
            return ExitCode::from(2);
        }
    };
    if asked_for(rest, false) == Some(Asked::Help) {
        return print_usage((found.usage)(rest.first().map(String::as_str)));
    }
    finish(tool, (found.run)(rest))
}

/// A usage (or the version) asked for, on stdout: exit status 0.
fn print_usage(text: &str) -> ExitCode {
    // Written, not printed: a reader gone (`| head`) is no failure here.
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let _ = writeln!(out, "{}", text).and_then(|()| out.flush());
    ExitCode::SUCCESS
}

/// The exit status of a tool's run: 0 for success, 2 with the reason on stderr for a failure.
fn finish(tool: &str, result: anyhow::Result<()>) -> ExitCode {
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            if tool.is_empty() {
                eprintln!("ddz: {:#}", e);
            } else {
                eprintln!("ddz {}: {:#}", tool, e);
            }
            ExitCode::from(2)
        }
    }
}

/// The competition engine on stdin/stdout: settings from `ddz.cfg` beside the exe and the
/// flags, a log file if asked for, panics to the log and stderr (never stdout), the strategy
/// on a worker thread under the clock.
fn run_engine(args: &[String]) -> ExitCode {
    use ddz::engine::{Engine, EngineConfig, Log, Session};

    // Asked for the usage (the engine's and the tools') or the version: nothing runs.
    match asked_for(args, true) {
        Some(Asked::Help) => return print_usage(usage()),
        Some(Asked::Version) => return print_usage(ddz::VERSION),
        None => {}
    }
    // A person typed these flags: a bad one is refused before the engine starts (the
    // platform starts the exe bare; `ddz.cfg` stays forgiving, see `EngineConfig::load`).
    if let Err(e) = EngineConfig::default().apply_args_strictly(args) {
        return finish("", Err(e.into()));
    }
    let file = EngineConfig::file_beside_exe();
    let (config, warnings) = EngineConfig::load(file.as_deref(), args);
    let log = Log::append_to(config.log.as_deref());
    for w in &warnings {
        log.problem(&format!("{} (using the default)", w));
    }
    // A limit given after another plays, and says so (the start line too).
    for note in &config.limits.notes {
        eprintln!("ddz: {}", note);
    }
    let hook_log = log.clone();
    std::panic::set_hook(Box::new(move |info| {
        hook_log.problem(&format!("panic: {}", info));
    }));
    // The thinking player, with the limit it spends a decision (its settings' `samples` or
    // `think`); the session's time control gives each question its deadline.
    let settings = config.player.clone();
    let douzero = config.douzero.clone();
    let mut engine = Engine::threaded(
        &config.name,
        Box::new(move || match &douzero {
            // DouZero's networks play (`douzero = FILE`); the thinking player still bids.
            Some(nets) => ddz::strategy::douzero_player(nets.clone(), settings.clone()),
            None => Box::new(ddz::strategy::thinker::Thinker::new(settings.clone()))
                as Box<dyn ddz::strategy::Strategy>,
        }),
    );
    engine.set_scoring(config.scoring);
    let mut session = Session::new(engine);
    session.log = log;
    session.explain = config.explain;
    session.log.trace(&format!(
        "# ddz engine '{}' starts: {}; scoring={} {} explain={}{}{}",
        config.name,
        ddz::VERSION,
        config.scoring,
        config.player.describe(),
        if config.explain { "on" } else { "off" },
        // Who plays, when not the thinking player (which still bids).
        config
            .douzero
            .as_ref()
            .map_or(String::new(), |n| format!(" douzero={}", n.path())),
        config
            .limits
            .notes
            .iter()
            .map(|n| format!("; {}", n))
            .collect::<String>()
    ));
    ddz::engine::hint_if_terminal();
    let stdin = std::io::stdin();
    let stdout = std::io::stdout();
    match session.run(stdin.lock(), stdout.lock()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            // The platform closed a pipe: nothing more can be said to it.
            session.log.problem(&format!("i/o: {}", e));
            ExitCode::from(1)
        }
    }
}
