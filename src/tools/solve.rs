//! `ddz solve`: an open-hand position in human notation → which side wins with best play, a
//! winning play for the side to move if it has one, nodes and time. The command line is read by
//! [`super::position_line`].

use super::position_line::parse;
use crate::search::Solver;
use anyhow::bail;
use std::time::Instant;

/// Runs `ddz solve`.
pub(crate) fn run(args: &[String]) -> anyhow::Result<()> {
    let parsed = parse(args)?;
    let mut solver = Solver::new(parsed.table_mb << 20);
    let start = Instant::now();
    let solution = solver.solve(&parsed.position, parsed.nodes.unwrap_or(u64::MAX));
    let took = start.elapsed();
    match solution.winner {
        Some(side) => println!("{}", side.wins()),
        None => println!("unknown"),
    }
    if let Some(play) = solution.play {
        println!("play: {}", play);
    }
    println!("nodes: {}", solution.nodes);
    println!("time: {:.3} ms", took.as_secs_f64() * 1000.0);
    if solution.winner.is_none() {
        bail!(
            "unknown within {} nodes (--nodes N to search longer, 0 for no limit)",
            solution.nodes - 1
        );
    }
    Ok(())
}
