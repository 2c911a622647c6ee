//! The `ddz` binary. With no subcommand it is the competition engine, speaking the referee
//! protocol on stdin/stdout; every tool is a subcommand on the same library.

use std::process::ExitCode;

const USAGE: &str = "\
usage: ddz [--name NAME] [--log FILE] [--think SECONDS]   run the engine (protocol on stdin/stdout)
       ddz moves HAND [--follow PLAY]                    every legal play of a hand
       ddz classify PLAY                                 the type, key and size of a play
       ddz split HAND [--few-singles]                    the best split, its value and min rounds
       ddz bench                                         speed figures and a behaviour fingerprint
       ddz arena [OPTIONS]                               engines against engines (ddz arena --help)
       ddz replay FILE [--game N]                        a finished game from a JSON log or transcript";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let tool = args.first().map(String::as_str).unwrap_or("");
    let rest = args.get(1..).unwrap_or(&[]);
    let result = match tool {
        "moves" => ddz::tools::moves::run_moves(rest),
        "classify" => ddz::tools::moves::run_classify(rest),
        "split" => ddz::tools::split::run(rest),
        "bench" => ddz::tools::bench::run(rest),
        "arena" => ddz::tools::arena::run_arena(rest),
        "replay" => ddz::tools::replay::run_replay(rest),
        "help" | "--help" | "-h" => {
            println!("{}", USAGE);
            Ok(())
        }
        _ => {
            eprintln!("ddz: the engine is not built yet\n{}", USAGE);
            Ok(())
        }
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("ddz {}: {:#}", tool, e);
            ExitCode::from(2)
        }
    }
}
