//! `ddz check-transcripts`: the transcripts' checker ([`crate::arena::wire::transcript`]) on the
//! files and directories named, an engine run from its command line.

use crate::arena::wire::transcript::{check_file, transcript_files};
use crate::cli::{Arg, Args};
use crate::protocol::external::split_command;
use std::io::Write;
use std::path::PathBuf;

/// Usage of `ddz check-transcripts`.
pub(crate) const USAGE: &str = "\
usage: ddz check-transcripts --engine \"CMD ARGS\" FILE_OR_DIR...
Runs the engine CMD (directly, not through a shell; quote words with spaces as a shell would) on
each transcript (*.txt; a directory is searched) and checks every reply: `ok FILE` or `FAIL FILE`
with the reasons, then `N passed, M failed`. Exit status 2 when one failed, or when the engine
could not start or exited before answering anything (nothing can be checked then).";

/// `ddz check-transcripts --engine "CMD ARGS" FILE_OR_DIR...`.
pub(crate) fn run(args: &[String]) -> anyhow::Result<()> {
    let mut command_line: Option<String> = None;
    let mut paths = Vec::new();
    let mut line = Args::new("check-transcripts", USAGE, args);
    while let Some(arg) = line.next_arg()? {
        match arg {
            Arg::Flag(f) if f == "--engine" => command_line = Some(line.value()?),
            Arg::Word(w) => paths.push(PathBuf::from(w)),
            other => return Err(line.unknown(&other).into()),
        }
    }
    let command_line = command_line
        .ok_or_else(|| anyhow::anyhow!("--engine \"CMD ARGS\" is required{}", line.hint()))?;
    let command = split_command(&command_line);
    let files: Vec<PathBuf> = paths.iter().flat_map(|p| transcript_files(p)).collect();
    if files.is_empty() {
        anyhow::bail!("no transcripts (*.txt) found");
    }
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let (mut passed, mut failed) = (0, 0);
    for f in &files {
        let r = check_file(&command, f);
        // An engine that dies before answering anything will not do better on the next file.
        if let (Some(fate), 0) = (&r.died, r.replies) {
            let _ = out.flush();
            anyhow::bail!(
                "the engine '{}' {} without answering a line of {}: nothing can be checked{}",
                command_line,
                fate,
                f.display(),
                if command_line.contains(['|', ';', '&', '<', '>']) {
                    " (--engine runs the program directly, not through a shell)"
                } else {
                    ""
                }
            );
        }
        let written = if r.failures.is_empty() {
            passed += 1;
            writeln!(
                out,
                "ok   {} ({} replies, slowest {} ms)",
                f.display(),
                r.replies,
                r.slowest.as_millis()
            )
        } else {
            failed += 1;
            let mut text = format!("FAIL {}\n", f.display());
            for x in &r.failures {
                text.push_str(&format!("     {}\n", x));
            }
            out.write_all(text.as_bytes())
        };
        if quiet_end(written)? {
            return Ok(());
        }
    }
    if quiet_end(writeln!(out, "{} passed, {} failed", passed, failed).and_then(|()| out.flush()))?
    {
        return Ok(());
    }
    if failed > 0 {
        anyhow::bail!("{} transcripts failed", failed);
    }
    Ok(())
}

/// Whether a write to stdout found the reader gone (`| head`): then the tool stops quietly,
/// as SIGPIPE is left ignored here (the engines under test are written to over pipes too).
fn quiet_end(written: std::io::Result<()>) -> anyhow::Result<bool> {
    match written {
        Ok(()) => Ok(false),
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(true),
        Err(e) => Err(anyhow::Error::new(e).context("writing to stdout")),
    }
}
