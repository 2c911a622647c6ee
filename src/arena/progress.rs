//! The match's progress on stderr: a bar, the deals done, the pace and the time left, redrawn
//! in place on one line.

use std::time::Duration;

/// How often the progress bar is redrawn.
pub(super) const PROGRESS_EVERY: Duration = Duration::from_millis(200);

/// Width of the progress bar, in characters.
const BAR_WIDTH: usize = 30;

/// A line of stderr redrawn in place. Each drawing covers all the last one wrote: a shorter
/// line after a longer one would otherwise leave the longer one's tail (`ETA 48s s`). Padding
/// to the last line's length, not to a fixed width, keeps a narrow terminal from wrapping.
#[derive(Default)]
pub(super) struct ProgressLine {
    /// Characters the last drawing left on the line.
    width: usize,
}

impl ProgressLine {
    /// What to write to draw `line` over the last one.
    pub(super) fn draw(&mut self, line: &str) -> String {
        let len = line.chars().count();
        let cover = self.width.saturating_sub(len);
        self.width = len;
        format!("\r{}{}", line, " ".repeat(cover))
    }

    /// What to write to leave the line empty, the cursor at its start.
    pub(super) fn clear(&mut self) -> String {
        let text = format!("\r{}\r", " ".repeat(self.width));
        self.width = 0;
        text
    }
}

/// The progress line: the bar, deals done (counted as `unit`), games per second (one decimal: slow players play
/// well under one game a second) and the time left at the pace so far; the SPRT's LLR and
/// bounds when one runs.
pub(super) fn progress_line(
    done: usize,
    total: usize,
    unit: &str,
    elapsed: Duration,
    games: u64,
    llr: Option<(f64, f64, f64)>,
) -> String {
    let filled = (done * BAR_WIDTH)
        .checked_div(total)
        .unwrap_or(BAR_WIDTH)
        .min(BAR_WIDTH);
    let secs = elapsed.as_secs_f64();
    let rate = games as f64 / secs.max(1e-9);
    let eta = if done == 0 {
        "ETA ?".to_string()
    } else {
        let left = secs * total.saturating_sub(done) as f64 / done as f64;
        format!("ETA {}", clock_time(left))
    };
    let llr = match llr {
        Some((l, lower, upper)) => format!(", LLR {:.2} ({:.2}, {:.2})", l, lower, upper),
        None => String::new(),
    };
    format!(
        "[{}{}] {}/{} {}, {:.1} games/s, {}{}",
        "#".repeat(filled),
        " ".repeat(BAR_WIDTH - filled),
        done,
        total,
        unit,
        rate,
        eta,
        llr
    )
}

/// Seconds as `45s`, `12m05s` or `3h07m`.
fn clock_time(secs: f64) -> String {
    let s = secs.max(0.0).round() as u64;
    if s < 60 {
        format!("{}s", s)
    } else if s < 3600 {
        format!("{}m{:02}s", s / 60, s % 60)
    } else {
        format!("{}h{:02}m", s / 3600, s % 3600 / 60)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_progress_line_shows_tenths_of_games_per_second_and_the_time_left() {
        // 10 of 40 deals in 20 s: 30 more deals at 2 s each.
        let line = progress_line(10, 40, "deals", Duration::from_secs(20), 6, None);
        assert!(line.contains("10/40 deals"), "{}", line);
        assert!(line.contains("0.3 games/s"), "{}", line);
        assert!(line.contains("ETA 1m00s"), "{}", line);
        assert!(line.starts_with(&format!("[{}{}]", "#".repeat(7), " ".repeat(23))));
        let line = progress_line(
            0,
            40,
            "deals",
            Duration::from_secs(1),
            0,
            Some((1.5, -2.9, 2.9)),
        );
        assert!(line.contains("ETA ?"), "{}", line);
        assert!(line.contains("LLR 1.50 (-2.90, 2.90)"), "{}", line);
        let line = progress_line(1, 1000, "games", Duration::from_secs(13), 6, None);
        assert!(line.contains("ETA 3h36m"), "{}", line);
        assert!(line.contains("1/1000 games"), "{}", line);
        assert_eq!(clock_time(59.4), "59s");
        assert_eq!(clock_time(3599.0), "59m59s");
    }

    /// What a terminal line shows after `written`: `\r` goes back to its start, every other
    /// character overwrites the one under the cursor.
    fn screen(written: &str) -> String {
        let mut line: Vec<char> = Vec::new();
        let mut at = 0;
        for c in written.chars() {
            if c == '\r' {
                at = 0;
            } else {
                if at == line.len() {
                    line.push(c);
                } else {
                    line[at] = c;
                }
                at += 1;
            }
        }
        line.into_iter().collect::<String>().trim_end().to_string()
    }

    #[test]
    fn each_progress_line_covers_what_the_last_one_left() {
        let mut bar = ProgressLine::default();
        let mut written = String::new();
        let lines = [
            progress_line(1, 900, "games", Duration::from_secs(48), 1, None),
            progress_line(899, 900, "games", Duration::from_secs(48), 899, None),
            "short".to_string(),
            progress_line(
                10,
                40,
                "deals",
                Duration::from_secs(20),
                6,
                Some((1.5, -2.9, 2.9)),
            ),
            "[##] 3/4 deals, ETA 48s".to_string(),
        ];
        for line in &lines {
            written += &bar.draw(line);
            assert_eq!(screen(&written), line.trim_end(), "{:?}", written);
        }
        written += &bar.clear();
        assert_eq!(screen(&written), "");
        assert!(written.ends_with('\r'));
    }
}
