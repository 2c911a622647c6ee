//! `ddz serve`: the table in a browser. A local web server ([`crate::web::server`]) where a
//! person plays against engines by clicking, with `ddz play`'s rules, opponents and settings.

use crate::registry::{set, synopsis, valid, Flag};
use crate::tools::table_flags::{parse_with, TABLE_FLAGS};
use crate::web::games::Games;
use std::io::Write;
use std::sync::Arc;

/// Where `ddz serve` listens.
struct Address {
    port: u16,
    bind: String,
}

/// `ddz serve`'s own flags, beside the table's ([`TABLE_FLAGS`]).
static SERVE_FLAGS: &[Flag<Address>] = &[
    crate::flag!("port", "P", |address, words| {
        set(&mut address.port, valid(&words[0])?)
    }),
    crate::flag!("bind", "ADDRESS", |address, words| {
        set(&mut address.bind, words[0].clone())
    }),
];

/// Usage of `ddz serve`, after its synopsis.
const USAGE_TAIL: &str = "\
A web server where you play against engines in the browser: open the address it prints, click
cards to choose them, then play, pass, hint or legal plays. Every tab is a game of its own (a
reload takes its game in progress up again, while the server runs); new deal starts the next
one. --port (default 8000; 0 picks a free port) and --bind (default
127.0.0.1, this machine only: --bind 0.0.0.0 lets other machines in). The other flags are
ddz play's: your seat (--seat, default B), the opponents in the arena's syntax (--opponents,
default builtin:ddz; builtin:rules is quick; ddz play --help lists them), the deals' seed
(--seed; default: from the clock) and first deal (--deal, default 0), no bidding, what the
built-in opponents and the hints spend a decision (--think S or --samples N, the last given
winning; default: none, the engine's 256 deals a decision), and --save FILE, a JSON game log
every finished game is added to (ddz replay FILE).";

/// Usage of `ddz serve`: its flags and the table's listed from their declarations.
pub(crate) fn usage() -> &'static str {
    let flags = SERVE_FLAGS
        .iter()
        .map(Flag::synopsis)
        .chain(TABLE_FLAGS.iter().map(Flag::synopsis));
    crate::tools::leak(format!(
        "{}\n{}",
        synopsis("usage: ddz serve", flags),
        USAGE_TAIL
    ))
}

/// The port `ddz serve` listens on by default.
pub(crate) const DEFAULT_PORT: u16 = 8000;
/// The address it listens on by default: this machine only.
pub(crate) const DEFAULT_BIND: &str = "127.0.0.1";

/// Runs `ddz serve`.
pub(crate) fn run_serve(args: &[String]) -> anyhow::Result<()> {
    let mut address = Address {
        port: DEFAULT_PORT,
        bind: DEFAULT_BIND.to_string(),
    };
    let settings = parse_with("serve", usage(), args, &mut |flag, line| {
        Ok(line.read_flag(SERVE_FLAGS, flag, &mut address)?)
    })?;
    let games = Arc::new(Games::new(settings));
    let title = games.title();
    crate::web::server::serve(
        &format!("{}:{}", address.bind, address.port),
        games,
        |address| {
            // The first line says where to go: scripts read the address from it.
            println!("ddz serve: http://{}/ · {}", address, title);
            let _ = std::io::stdout().flush();
        },
    )?;
    Ok(())
}
