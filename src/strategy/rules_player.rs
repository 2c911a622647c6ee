//! The rule-based player: the design text's lead and follow strategies in priority order, on
//! top of the exact splitter and the card knowledge, and a value-based bidder.
//!
//! Each strategy is a small named unit that either answers or hands on to the next one. Leads:
//! winning path, one hand left, let the partner out, enemy has one card, enemy has two cards,
//! free (unbeatable) small group, small chains first, few cards, smallest first. Follows:
//! winning path, one hand left, enemy has one card, let the partner out, the partner's play, and
//! the normal rule. Farmers play as a team: a farmer never overtakes a partner who is winning the trick unless that wins the game
//! or stops the landlord from going out.
//!
//! Conservative plays: no unit answers with a form whose reading differs between platforms
//! ([`Combo::is_ambiguous`]); only when nothing else is legal does the fallback play one.

use super::knowledge::Knowledge;
use super::splitter::{Mode, Splitter};
use super::value::{is_big_group, round_penalty, SCALE};
use crate::cards::{Cards, Counts, Rank};
use crate::game::{GameState, Scoring, Seat};
use crate::rules::{Combo, Kind};
use crate::search::Policy;
use crate::strategy::player::Strategy;
use crate::time::Deadline;
use arrayvec::ArrayVec;

/// A group whose chance of being beaten is at most this is treated as unbeatable (a "big" group
/// in the design text's winning-path sense).
pub(crate) const SAFE_CHANCE: f64 = 0.08;

/// A farmer following the landlord may lower its hand's value by up to this much (tenths) and
/// still play: the trick won gives the lead, which the value model does not count (design text,
/// normal rule 5).
pub(crate) const FOLLOW_TOLERANCE: i32 = 6 * SCALE;

/// The same for the landlord.
pub(crate) const FOLLOW_TOLERANCE_LANDLORD: i32 = 6 * SCALE;

/// How much of a round the lead won by an answer is worth to the landlord (1 = a full round of
/// the hand now).
pub(crate) const LEAD_WEIGHT_LANDLORD: f64 = 1.0;

/// The same for a farmer following the landlord.
pub(crate) const LEAD_WEIGHT_FARMER: f64 = 1.0;

/// The same when the enemy who made the play is close to going out: winning the trick is what
/// matters then.
pub(crate) const LEAD_WEIGHT_DANGER: f64 = 4.0;

/// How much value (tenths) a follow may cost when that enemy is close to going out.
pub(crate) const DANGER_TOLERANCE: i32 = 20 * SCALE;

/// An enemy with at most this many cards is close to going out: bombs and big cards are spent
/// to stop it (design text, normal rules 8 and 9).
pub(crate) const ENEMY_FEW_CARDS: u8 = 5;

/// A hand needing at most this many plays after a bomb is good enough to bomb for the lead.
pub(crate) const BOMB_WHEN_ROUNDS: u32 = 2;

/// Free groups (unbeatable, led to keep the lead) are keyed below this rank: an unbeatable ace
/// or king is a control card, kept to win the lead back.
pub(crate) const FREE_GROUP_BELOW: Rank = Rank::ACE;

/// A hand of at most this many cards prefers leading groups other than singles (fewPoke).
pub(crate) const FEW_CARDS: u32 = 6;

/// Chains keyed at most this high are "small" and led early (smallAndLong): they rarely come
/// back once the hand is short of control, so they go first.
pub(crate) const SMALL_CHAIN_TOP: Rank = Rank::ACE;

/// The landlord stops a partner's play when the landlord, playing next, holds at most this many
/// cards and is likely to beat it.
pub(crate) const STOP_LANDLORD_CARDS: u8 = 4;

/// "Likely to beat" for the rule above.
pub(crate) const LIKELY: f64 = 0.5;

/// Random bottoms the bidder averages over: enough for a stable mean, few enough to stay fast.
pub(crate) const BID_SAMPLES: usize = 12;

/// Bidding thresholds on the expected 20-card hand value (tenths), for bids 1, 2, 3. Calibrated
/// in self-play: bid from the value where the landlord wins about half its games
/// (docs/figures.md, "Bidding"). The landlord's score counts double both ways, so a hand that
/// wins more often than not is worth bidding, and worth bidding high.
pub(crate) const BID_THRESHOLDS: [i32; 3] = [-230, -200, -170];

/// The same under the team rule (`scoring = team`): by that rule the landlord's side risks what
/// the farmers' side would, while by the official rule the landlord's own seat wins or loses
/// twice a farmer's share, so the thresholds could differ. Measured in the team format, one step
/// higher and one step lower both lost to the official ones (docs/figures.md, "Bidding"), so the
/// team rule uses the official thresholds.
pub(crate) const BID_THRESHOLDS_TEAM: [i32; 3] = BID_THRESHOLDS;

/// The bidding thresholds for a scoring rule.
#[must_use]
pub(crate) const fn bid_thresholds(scoring: Scoring) -> [i32; 3] {
    match scoring {
        Scoring::Official => BID_THRESHOLDS,
        Scoring::Team => BID_THRESHOLDS_TEAM,
    }
}

/// The rule-based player. It reads the scoring rule from [`GameState::scoring`] wherever it
/// weighs scores (the bid thresholds).
#[derive(Debug, Default)]
pub struct RulesPlayer {
    splitter: Splitter,
    /// Decisions made (for `ddz bench`).
    pub(crate) decisions: u64,
}

impl RulesPlayer {
    /// A player with an empty memo.
    #[must_use]
    pub fn new() -> RulesPlayer {
        RulesPlayer::default()
    }

    /// Splitter work done so far (leaf evaluations), a behaviour fingerprint for `ddz bench`.
    #[must_use]
    pub(crate) fn nodes(&self) -> u64 {
        self.splitter.nodes
    }

    /// Its splitter, for a player built on it that splits the same hands (the learned
    /// policy): one memo serves both.
    pub(crate) fn splitter(&mut self) -> &mut Splitter {
        &mut self.splitter
    }
}

/// What one decision sees.
struct Ctx {
    me: Seat,
    hand: Counts,
    landlord: Seat,
    partner: Option<Seat>,
    enemies: ArrayVec<Seat, 2>,
    know: Knowledge,
    legal: Vec<Combo>,
    /// The play to beat and who made it.
    target: Option<(Seat, Combo)>,
}

impl Ctx {
    fn new(state: &GameState) -> Ctx {
        Ctx::with_legal(state, state.legal_plays())
    }

    /// The context with the legal plays already generated.
    fn with_legal(state: &GameState, legal: Vec<Combo>) -> Ctx {
        let me = state.me;
        let landlord = state.landlord.unwrap_or(me);
        let partner = state.partner(me);
        let enemies = state.opponents(me).into_iter().collect();
        let target = state.last.filter(|(s, _)| *s != me);
        Ctx {
            me,
            hand: state.hand.counts(),
            landlord,
            partner,
            enemies,
            know: Knowledge::from_state(state),
            legal,
            target,
        }
    }

    fn left(&self, seat: Seat) -> u8 {
        self.know.left[seat]
    }

    /// The fewest cards an enemy holds.
    fn enemy_min_left(&self) -> u8 {
        self.enemies
            .iter()
            .map(|&s| self.left(s))
            .min()
            .unwrap_or(20)
    }

    /// Chance that an enemy beats `g`.
    fn chance(&self, g: &Combo) -> f64 {
        self.know.any_beats(&self.enemies, g)
    }

    fn safe(&self, g: &Combo) -> bool {
        self.chance(g) <= SAFE_CHANCE
    }

    /// The legal play with these cards, when it is legal and reads the same everywhere.
    fn playable(&self, g: &Combo) -> Option<Combo> {
        self.legal
            .iter()
            .find(|c| !c.is_pass() && c.cards == g.cards)
            .filter(|c| !c.is_ambiguous())
            .copied()
    }

    fn is_enemy(&self, seat: Seat) -> bool {
        self.enemies.contains(&seat)
    }

    /// Whether an enemy could beat `g` with its last cards (and win at once): then winning the
    /// trick back later is no comfort.
    fn could_go_out_on(&self, g: &Combo) -> bool {
        self.enemies.iter().any(|&s| {
            let n = self.left(s) as u32;
            n == g.size() && self.know.beat_chance(s, g) > 0.0
        })
    }

    /// Whether an enemy holds one card.
    fn enemy_one_card(&self) -> bool {
        self.enemies.iter().any(|&s| self.left(s) == 1)
    }
}

/// A lead or follow unit: answers, or hands on (`None`).
type Unit = fn(&mut RulesPlayer, &Ctx) -> Option<Combo>;

/// The lead units, highest priority first.
const LEAD_UNITS: [(&str, Unit); 9] = [
    ("win_path", lead_win_path),
    ("one_hand", lead_one_hand),
    ("let_partner_out", lead_let_partner_out),
    ("enemy_one_card", lead_enemy_one_card),
    ("enemy_two_cards", lead_enemy_two_cards),
    ("free_group", lead_free_group),
    ("small_chains", lead_small_chains),
    ("few_cards", lead_few_cards),
    ("smallest_first", lead_smallest_first),
];

/// The follow units, highest priority first.
const FOLLOW_UNITS: [(&str, Unit); 6] = [
    ("win_path", follow_win_path),
    ("one_hand", follow_one_hand),
    ("enemy_one_card", follow_enemy_one_card),
    ("let_partner_out", follow_let_partner_out),
    ("partner_play", follow_partner),
    ("normal", follow_normal),
];

impl RulesPlayer {
    fn mode(ctx: &Ctx) -> Mode {
        if ctx.enemy_one_card() {
            Mode::FewSingles
        } else {
            Mode::Normal
        }
    }

    /// The unit that answers, and its answer.
    fn decide(&mut self, ctx: &Ctx) -> (&'static str, Combo) {
        let units: &[(&str, Unit)] = if ctx.target.is_some() {
            &FOLLOW_UNITS
        } else {
            &LEAD_UNITS
        };
        for (name, unit) in units {
            if let Some(c) = unit(self, ctx) {
                if c.is_pass() || ctx.legal.contains(&c) {
                    return (name, c);
                }
            }
        }
        ("fallback", fallback(ctx))
    }

    /// The group to lead now if the groups give a winning path (design text): at most one group
    /// an enemy may beat, played last; or two, one of which we can win back.
    fn lead_path(&self, ctx: &Ctx, groups: &[Combo]) -> Option<Combo> {
        let weak: ArrayVec<usize, 20> = (0..groups.len())
            .filter(|&i| !ctx.safe(&groups[i]))
            .collect();
        let playable = |g: &Combo| ctx.playable(g).is_some() || ctx.target.is_some();
        let first_safe = |skip: &[usize]| -> Option<Combo> {
            // Bombs first: unbeatable on the way out, each doubles the score we are winning.
            let mut order: ArrayVec<usize, 20> = (0..groups.len())
                .filter(|i| !skip.contains(i) && playable(&groups[*i]))
                .collect();
            order.sort_by_key(|&i| {
                let g = &groups[i];
                (!g.kind.is_bomb_like(), std::cmp::Reverse(g.size()))
            });
            order.first().map(|&i| groups[i])
        };
        match weak.len() {
            0 => first_safe(&[]),
            1 if groups.len() == 1 => Some(groups[0]),
            1 => first_safe(&weak),
            2 => {
                for (a, b) in [(weak[0], weak[1]), (weak[1], weak[0])] {
                    let ga = &groups[a];
                    let back = groups.iter().enumerate().any(|(i, l)| {
                        i != a
                            && i != b
                            && !l.kind.is_bomb_like()
                            && l.kind == ga.kind
                            && l.len == ga.len
                            && l.key > ga.key
                    });
                    if back && playable(ga) && !ctx.could_go_out_on(ga) {
                        return Some(*ga);
                    }
                }
                None
            }
            _ => None,
        }
    }
}

fn fallback(ctx: &Ctx) -> Combo {
    // Anything unambiguous, lowest first; otherwise whatever is legal.
    let mut plays: Vec<Combo> = ctx.legal.clone();
    plays.sort_by_key(|c| (c.is_pass(), c.kind.is_bomb_like(), c.key));
    if ctx.target.is_some() && ctx.legal.contains(&Combo::PASS) {
        return Combo::PASS;
    }
    plays
        .iter()
        .find(|c| !c.is_pass() && !c.is_ambiguous())
        .or_else(|| plays.first())
        .copied()
        .unwrap_or(Combo::PASS)
}

// ---- leads ----

fn lead_win_path(p: &mut RulesPlayer, ctx: &Ctx) -> Option<Combo> {
    let split = p.splitter.split(ctx.hand, RulesPlayer::mode(ctx));
    let g = p.lead_path(ctx, &split.groups)?;
    ctx.playable(&g)
}

fn lead_one_hand(_p: &mut RulesPlayer, ctx: &Ctx) -> Option<Combo> {
    let all = ctx.legal.iter().find(|c| c.cards == ctx.hand)?;
    ctx.playable(all)
}

/// The partner plays right after us and holds one card (or two): feed it our lowest single
/// (or lowest pair).
fn lead_let_partner_out(_p: &mut RulesPlayer, ctx: &Ctx) -> Option<Combo> {
    let partner = ctx.partner?;
    if ctx.me.next() != partner {
        return None;
    }
    let want = match ctx.left(partner) {
        1 => Kind::Single,
        2 => Kind::Pair,
        _ => return None,
    };
    ctx.legal
        .iter()
        .filter(|c| c.kind == want)
        .min_by_key(|c| c.key)
        .copied()
}

/// An enemy holds one card: lead anything but a single (the design text's fewest-singles split,
/// lowest group first); if only singles are left, the highest one first.
fn lead_enemy_one_card(p: &mut RulesPlayer, ctx: &Ctx) -> Option<Combo> {
    if !ctx.enemy_one_card() {
        return None;
    }
    let split = p.splitter.split(ctx.hand, Mode::FewSingles);
    let non_single = split
        .groups
        .iter()
        .filter(|g| g.kind != Kind::Single && !g.kind.is_bomb_like())
        .filter_map(|g| ctx.playable(g))
        .min_by_key(|g| (g.key, std::cmp::Reverse(g.size())));
    if non_single.is_some() {
        return non_single;
    }
    // Only singles (and bombs): a single no enemy can beat, else the highest.
    let singles: ArrayVec<Combo, 20> = ctx
        .legal
        .iter()
        .filter(|c| c.kind == Kind::Single)
        .copied()
        .collect();
    if let Some(s) = singles.iter().filter(|s| ctx.safe(s)).min_by_key(|s| s.key) {
        return Some(*s);
    }
    if split.groups.iter().any(|g| g.kind.is_bomb_like()) {
        // Bombs take the lead back; lead the highest single and keep them.
        return singles.iter().max_by_key(|s| s.key).copied();
    }
    singles.iter().max_by_key(|s| s.key).copied()
}

/// An enemy holds two cards: avoid pairs it may beat; lead singles or longer groups.
fn lead_enemy_two_cards(p: &mut RulesPlayer, ctx: &Ctx) -> Option<Combo> {
    if ctx.enemy_min_left() != 2 {
        return None;
    }
    p.splitter
        .split(ctx.hand, Mode::Normal)
        .groups
        .iter()
        .filter(|g| g.kind != Kind::Pair && !g.kind.is_bomb_like())
        .filter_map(|g| ctx.playable(g))
        .min_by_key(|g| (g.size() == 1, g.key))
}

/// A small group no enemy is likely to beat goes first: it keeps the lead for free (big groups,
/// which win the lead back later, are kept).
fn lead_free_group(p: &mut RulesPlayer, ctx: &Ctx) -> Option<Combo> {
    p.splitter
        .split(ctx.hand, Mode::Normal)
        .groups
        .iter()
        .filter(|g| !is_big_group(g) && g.key < FREE_GROUP_BELOW && ctx.safe(g))
        .filter_map(|g| ctx.playable(g))
        .max_by_key(|g| (g.size(), std::cmp::Reverse(g.key)))
}

/// Small chains (straights, pair straights, planes) go first.
fn lead_small_chains(p: &mut RulesPlayer, ctx: &Ctx) -> Option<Combo> {
    p.splitter
        .split(ctx.hand, Mode::Normal)
        .groups
        .iter()
        .filter(|g| g.kind.is_chain() && g.key <= SMALL_CHAIN_TOP && !ctx.safe(g))
        .filter_map(|g| ctx.playable(g))
        .min_by_key(|g| (g.low(), std::cmp::Reverse(g.size())))
}

/// Few cards left: lead groups other than singles first.
fn lead_few_cards(p: &mut RulesPlayer, ctx: &Ctx) -> Option<Combo> {
    if ctx.hand.total() > FEW_CARDS {
        return None;
    }
    p.splitter
        .split(ctx.hand, Mode::Normal)
        .groups
        .iter()
        .filter(|g| g.kind != Kind::Single && !is_big_group(g))
        .filter_map(|g| ctx.playable(g))
        .min_by_key(|g| g.key)
}

/// The fallback of the design text: the lowest small group (most cards on a tie); big groups
/// only when nothing else is left, the lowest first.
fn lead_smallest_first(p: &mut RulesPlayer, ctx: &Ctx) -> Option<Combo> {
    let split = p.splitter.split(ctx.hand, Mode::Normal);
    let small = split
        .groups
        .iter()
        .filter(|g| !is_big_group(g))
        .filter_map(|g| ctx.playable(g))
        .min_by_key(|g| (g.key, std::cmp::Reverse(g.size())));
    if small.is_some() {
        return small;
    }
    split
        .groups
        .iter()
        .filter_map(|g| ctx.playable(g))
        .min_by_key(|g| (g.kind.is_bomb_like(), g.key))
}

// ---- follows ----

/// The candidate answers: every legal non-pass play that reads the same everywhere.
fn answers(ctx: &Ctx) -> ArrayVec<Combo, 128> {
    ctx.legal
        .iter()
        .filter(|c| !c.is_pass() && !c.is_ambiguous())
        .take(128)
        .copied()
        .collect()
}

/// An answer after which the hand has a winning path (design text): the answer is unbeatable
/// and the rest leads to a win, or we hold a higher one of the same kind to win the trick back.
fn follow_win_path(p: &mut RulesPlayer, ctx: &Ctx) -> Option<Combo> {
    let mode = RulesPlayer::mode(ctx);
    let mut best: Option<(i32, Combo)> = None;
    for a in answers(ctx) {
        let rest = ctx.hand.minus(a.cards);
        if rest.is_empty() {
            return Some(a);
        }
        let split = p.splitter.split(rest, mode);
        let partner_winning = ctx.partner.is_some() && ctx.target.map(|t| t.0) == ctx.partner;
        let ok = if ctx.safe(&a) {
            p.lead_path(ctx, &split.groups).is_some()
        } else if partner_winning || ctx.could_go_out_on(&a) {
            // Never overtake a winning partner with a play the landlord may beat, and never
            // give an enemy the chance to go out.
            false
        } else {
            split.groups.iter().enumerate().any(|(i, l)| {
                !l.kind.is_bomb_like()
                    && l.kind == a.kind
                    && l.len == a.len
                    && l.key > a.key
                    && ctx.safe(l)
                    && {
                        let mut others: Groups20 = split.groups.clone();
                        others.remove(i);
                        p.lead_path(ctx, &others).is_some()
                    }
            })
        };
        if ok && best.map_or(true, |(v, _)| split.value > v) {
            best = Some((split.value, a));
        }
    }
    best.map(|(_, a)| a)
}

type Groups20 = super::splitter::Groups;

fn follow_one_hand(_p: &mut RulesPlayer, ctx: &Ctx) -> Option<Combo> {
    answers(ctx).into_iter().find(|a| a.cards == ctx.hand)
}

/// An enemy holds one card and the play is a single: cover with our highest single, unless the
/// partner's single is already out of the enemy's reach.
fn follow_enemy_one_card(_p: &mut RulesPlayer, ctx: &Ctx) -> Option<Combo> {
    let (by, play) = ctx.target?;
    if !ctx.enemy_one_card() || play.kind != Kind::Single {
        return None;
    }
    if Some(by) == ctx.partner && ctx.safe(&play) {
        return Some(Combo::PASS);
    }
    let top = answers(ctx)
        .into_iter()
        .filter(|a| a.kind == Kind::Single)
        .max_by_key(|a| a.key);
    match top {
        Some(t) => Some(t),
        // No single beats it: a bomb, if the enemy's play would otherwise go round.
        None if ctx.is_enemy(by) => answers(ctx)
            .into_iter()
            .filter(|a| a.kind.is_bomb_like())
            .min_by_key(|a| (a.kind == Kind::Rocket, a.key)),
        None => None,
    }
}

/// The partner plays right after us with one or two cards: win the enemy's trick to feed it.
fn follow_let_partner_out(p: &mut RulesPlayer, ctx: &Ctx) -> Option<Combo> {
    let (by, _) = ctx.target?;
    let partner = ctx.partner?;
    if ctx.me.next() != partner || ctx.left(partner) > 2 || !ctx.is_enemy(by) {
        return None;
    }
    let mut best: Option<(i32, Combo)> = None;
    for a in answers(ctx) {
        if a.kind.is_bomb_like() && ctx.enemy_min_left() > ENEMY_FEW_CARDS {
            continue;
        }
        let v = p.splitter.value(ctx.hand.minus(a.cards), Mode::Normal);
        if best.map_or(true, |(bv, _)| v > bv) {
            best = Some((v, a));
        }
    }
    best.map(|(_, a)| a)
}

/// The partner is winning the trick: pass, unless the landlord plays next, is close to going
/// out and would likely beat the partner's play while our answer would hold.
fn follow_partner(p: &mut RulesPlayer, ctx: &Ctx) -> Option<Combo> {
    let (by, play) = ctx.target?;
    if Some(by) != ctx.partner {
        return None;
    }
    let landlord_next = ctx.me.next() == ctx.landlord;
    if landlord_next
        && ctx.left(ctx.landlord) <= STOP_LANDLORD_CARDS
        && ctx.know.beat_chance(ctx.landlord, &play) > LIKELY
    {
        let now = p.splitter.value(ctx.hand, Mode::Normal);
        let stop = answers(ctx)
            .into_iter()
            .filter(|a| ctx.safe(a))
            .map(|a| (p.splitter.value(ctx.hand.minus(a.cards), Mode::Normal), a))
            .max_by_key(|(v, a)| (*v, std::cmp::Reverse(a.key)));
        if let Some((v, a)) = stop {
            if v >= now - FOLLOW_TOLERANCE || a.kind.is_bomb_like() {
                return Some(a);
            }
        }
    }
    Some(Combo::PASS)
}

/// The normal rule (design text, its cases folded into one comparison): every answer is scored
/// by the value of the hand it leaves, plus the lead it may win (a round of the hand now, times
/// the chance no enemy beats it); the best answer is played when it scores at least the hand as
/// it is, less a tolerance that grows when the enemy who made the play is close to going out.
/// Bombs and the rocket are kept for an enemy close to going out, a big play, or a hand that
/// goes out in a couple of plays after the bomb.
fn follow_normal(p: &mut RulesPlayer, ctx: &Ctx) -> Option<Combo> {
    let (by, play) = ctx.target?;
    let mode = RulesPlayer::mode(ctx);
    let now = p.splitter.split(ctx.hand, mode);
    let small = now.small_groups() as u32;
    let lead = round_penalty(small.max(1)) - round_penalty(small.max(1) - 1);
    let landlord = ctx.me == ctx.landlord;
    let danger = ctx.left(by) <= ENEMY_FEW_CARDS;
    let (lead_weight, tolerance) = match (landlord, danger) {
        (_, true) => (LEAD_WEIGHT_DANGER, DANGER_TOLERANCE),
        (true, false) => (LEAD_WEIGHT_LANDLORD, FOLLOW_TOLERANCE_LANDLORD),
        (false, false) => (LEAD_WEIGHT_FARMER, FOLLOW_TOLERANCE),
    };
    let mut best: Option<(i32, Combo)> = None;
    let mut best_bomb: Option<(i32, Combo)> = None;
    for a in answers(ctx) {
        let win = 1.0 - ctx.chance(&a);
        let v = p.splitter.value(ctx.hand.minus(a.cards), mode)
            + (lead_weight * lead as f64 * win) as i32;
        let slot = if a.kind.is_bomb_like() && !play.kind.is_bomb_like() {
            &mut best_bomb
        } else {
            &mut best
        };
        // Ties go to the lower answer (it spends less).
        if slot.map_or(true, |(bv, b)| v > bv || (v == bv && a.key < b.key)) {
            *slot = Some((v, a));
        }
    }
    if let Some((v, a)) = best {
        if v >= now.value - tolerance {
            return Some(a);
        }
    }
    if let Some((_, a)) = best_bomb {
        let after = p.splitter.split(ctx.hand.minus(a.cards), mode);
        if danger || play.key >= Rank::TWO || after.min_rounds <= BOMB_WHEN_ROUNDS {
            return Some(a);
        }
    }
    Some(Combo::PASS)
}

// ---- bidding ----

impl RulesPlayer {
    /// The expected value (tenths) of our 17 cards plus three bottom cards drawn from the 37 we
    /// cannot see, averaged over [`BID_SAMPLES`] draws seeded by the hand (deterministic).
    pub fn expected_value(&mut self, hand: Cards) -> i32 {
        let pool: Vec<u8> = Cards::DECK.minus(hand).codes().collect();
        let mut rng = fastrand::Rng::with_seed(hand.0 ^ 0x5eed_b1d5);
        let mut total = 0i64;
        for _ in 0..BID_SAMPLES {
            let mut bottom = Cards::EMPTY;
            while bottom.len() < 3 {
                bottom = bottom.or(Cards::single(pool[rng.usize(..pool.len())]));
            }
            total += i64::from(self.splitter.value(hand.or(bottom).counts(), Mode::Normal));
        }
        (total / BID_SAMPLES as i64) as i32
    }

    /// The bid by the value thresholds, and the expected value (tenths) it was judged by: the
    /// highest legal bid whose threshold the value reaches, else 0.
    pub(crate) fn bid_by_value(&mut self, state: &GameState) -> (u8, i32) {
        let ev = self.expected_value(state.hand);
        let highest = state.highest_bid();
        let mut bid = 0;
        for (i, &t) in bid_thresholds(state.scoring).iter().enumerate() {
            let b = i as u8 + 1;
            if ev >= t && b > highest {
                bid = b;
            }
        }
        (bid, ev)
    }
}

impl Strategy for RulesPlayer {
    fn name(&self) -> &str {
        "rules"
    }

    fn bid(&mut self, state: &GameState, _deadline: Deadline) -> u8 {
        self.bid_by_value(state).0
    }

    fn play(&mut self, state: &GameState, _deadline: Deadline) -> Combo {
        self.choose(state)
    }
}

/// The rule player is the fast policy the search plays games out with: it answers in
/// microseconds and never searches itself.
impl Policy for RulesPlayer {
    fn choose(&mut self, state: &GameState) -> Combo {
        self.decisions += 1;
        let ctx = Ctx::new(state);
        self.decide(&ctx).1
    }
}

/// The unit that answers in `state` and its answer (for tests and tools).
pub fn explain(player: &mut RulesPlayer, state: &GameState) -> (&'static str, Combo) {
    let ctx = Ctx::new(state);
    player.decide(&ctx)
}

/// The rule player's answer in `state` among `legal` (the legal plays there), with the unit
/// that chose it and what it saw: its knowledge of the other hands and the legal plays, handed
/// back so that a caller that needs them too (the learned policy) does not work them out again.
pub(crate) fn explain_among(
    player: &mut RulesPlayer,
    state: &GameState,
    legal: Vec<Combo>,
) -> Explained {
    let ctx = Ctx::with_legal(state, legal);
    let (unit, choice) = player.decide(&ctx);
    Explained {
        unit,
        choice,
        know: ctx.know,
        legal: ctx.legal,
    }
}

/// The rule player's answer and what it saw ([`explain_among`]).
#[derive(Clone, Debug)]
pub(crate) struct Explained {
    /// The unit that chose the answer.
    pub(crate) unit: &'static str,
    /// The answer.
    pub(crate) choice: Combo,
    /// Its knowledge of the other hands.
    pub(crate) know: Knowledge,
    /// The legal plays.
    pub(crate) legal: Vec<Combo>,
}
