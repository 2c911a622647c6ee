use ddz::search::Solver;
fn main() {
    let size: u32 = std::env::args().nth(1).unwrap().parse().unwrap();
    let games: usize = std::env::args().nth(2).unwrap().parse().unwrap();
    let budget: u64 = std::env::args().nth(3).unwrap().parse().unwrap();
    let mut solver = Solver::new(16 << 20);
    let mut nodes = Vec::new();
    let t = std::time::Instant::now();
    for g in 0..games {
        for m in ddz::tools::bench::self_play_positions(g) {
            let (n, pos) = (m.size, m.position);
            if n != size {
                continue;
            }
            solver.clear();
            let s = solver.solve(&pos, budget);
            nodes.push(if s.winner.is_some() {
                s.nodes
            } else {
                u64::MAX
            });
        }
    }
    nodes.sort();
    let solved = nodes.iter().filter(|&&n| n != u64::MAX).count();
    let total: u64 = nodes.iter().map(|&n| n.min(budget)).sum();
    println!(
        "size {} solved {}/{} median {} p90 {} total {} in {:?}",
        size,
        solved,
        nodes.len(),
        nodes[nodes.len() / 2],
        nodes[nodes.len() * 9 / 10],
        total,
        t.elapsed()
    );
}
