//! `ddz moves` and `ddz classify`.

/// `ddz moves HAND [--follow PLAY]`.
pub fn run_moves(_args: &[String]) -> anyhow::Result<()> {
    anyhow::bail!("not written yet")
}

/// `ddz classify PLAY`.
pub fn run_classify(_args: &[String]) -> anyhow::Result<()> {
    anyhow::bail!("not written yet")
}
