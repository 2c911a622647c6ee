//! `ddz bench`: fixed seeded positions, speed figures and a node count that fingerprints
//! behaviour.

/// Runs the bench.
pub fn run(_args: &[String]) -> anyhow::Result<()> {
    anyhow::bail!("not written yet")
}
