//! `ddz serve`: the table in a browser. A local web server ([`crate::web::server`]) where a
//! person plays against engines by clicking, with `ddz play`'s rules, opponents and settings.

use crate::web::games::Games;
use std::io::Write;
use std::sync::Arc;

/// Usage of `ddz serve`.
pub const USAGE: &str = "\
usage: ddz serve [--port P] [--bind ADDRESS] [--seat A|B|C] [--opponents P1 [P2]] [--seed S]
                 [--deal N] [--fixed-landlord] [--think SECONDS] [--save FILE]
A web server where you play against engines in the browser: open the address it prints, click
cards to choose them, then play, pass, hint or legal plays. Every tab is a game of its own; new
deal starts the next one. --port (default 8000; 0 picks a free port) and --bind (default
127.0.0.1, this machine only: --bind 0.0.0.0 lets other machines in). The other flags are
ddz play's: your seat (default B), the opponents in the arena's syntax (default builtin:ddz;
builtin:rules is quick; ddz play --help lists them), the deals' seed (default: from the clock)
and first deal (default 0), no bidding, the built-in opponents' and hints' thinking time
(default: the engine's 1 s), and --save FILE, a JSON game log every finished game is added to
(ddz replay FILE).";

/// The port `ddz serve` listens on by default.
pub const DEFAULT_PORT: u16 = 8000;
/// The address it listens on by default: this machine only.
pub const DEFAULT_BIND: &str = "127.0.0.1";

/// Runs `ddz serve`.
pub fn run_serve(args: &[String]) -> anyhow::Result<()> {
    let mut port = DEFAULT_PORT;
    let mut bind = DEFAULT_BIND.to_string();
    let settings =
        crate::tools::table_flags::parse_with("serve", USAGE, args, &mut |flag, line| {
            match flag {
                "--port" => port = line.parse()?,
                "--bind" => bind = line.value()?,
                _ => return Ok(false),
            }
            Ok(true)
        })?;
    let games = Arc::new(Games::new(settings));
    let title = games.title();
    crate::web::server::serve(&format!("{}:{}", bind, port), games, |address| {
        // The first line says where to go: scripts read the address from it.
        println!("ddz serve: http://{}/ · {}", address, title);
        let _ = std::io::stdout().flush();
    })?;
    Ok(())
}
