//! The thinking player: turns its time into strength by search over sampled hidden hands.
//!
//! At each decision it takes a few candidate plays (every legal play when there are few; else
//! the rule player's choice, the plays that leave the best split of the hand, every bomb, the
//! rocket and the pass: [`crate::strategy::choices`]), deals the hidden cards many times
//! ([`Sampler`]), and for each deal and candidate plays the rest of the game out: the rule
//! player in every seat (or the learned policy, `playout = learned`), the exact solver once few
//! cards are left ([`Finisher`](crate::search::rollout::Finisher)); the play network's value of
//! the position right after the candidate counts `net-weight` of each deal's value (half by
//! default), the play-out the rest. It chooses the candidate with the best mean for our side
//! by each role's judge (`aim`: the score under the rule in use, or games won), keeping the
//! rule player's choice unless another leads it clearly (`stick`).
//!
//! Samples go where they decide something: every candidate sees the same deals (so candidates
//! are compared on paired outcomes, which removes the luck of the deal from the comparison), and
//! a candidate whose paired difference to the leader is clearly below zero is dropped. The loop
//! is anytime: it checks its budget between deals, a number of deals in fixed-budget mode (same
//! input, same answer on any machine), the soft deadline otherwise.
//!
//! It bids by the bid network corrected by how this match's games went at the table (`bid =
//! table`, the default), by the bid network alone (`bid = net`), or by the rule player's value
//! thresholds (`bid = value`).
//!
//! The rooms, bottom first; each uses only those below it, and this file, the player, is the
//! top:
//!
//! rooms: settings → stats → proposal → eval → race → bid → table → explained → mod
//!
//! - `settings`: what can be set, and how it is read (the retired settings refused by name);
//! - `stats`: a candidate's outcomes, the paired figures, dropping and choosing;
//! - `proposal`: where a decision's deals are drawn from, and their seeds;
//! - `eval`: a candidate judged on one deal, by a worker per search thread;
//! - `race`: the candidates raced over the deals on the workers, and what the search found;
//! - `bid`: bidding by the bid network, what a pass leads to;
//! - `table`: what the table is worth, learned from the match's games (`bid = table`);
//! - `explained`: what a decision saw, as the log's note;
//! - this file: the [`Thinker`], which asks them in turn.
//!
//! `tests/suite/strategy_rooms.rs` reads the `rooms:` line above and checks every file's imports.

mod bid;
mod eval;
mod explained;
mod proposal;
mod race;
mod settings;
mod stats;
mod table;

pub(crate) use bid::NetBid;
pub(crate) use explained::{BidExplained, BidSeen, Explanation, PlayExplained};
pub use race::{Analysis, Stopped, MAX_DEALS};
pub(crate) use settings::{
    player_setting_names, player_usage_lines, retired, Aim, SOLVE_AT_CARDS, SOLVE_NODES,
};
pub use settings::{Bidder, ThinkerSettings, SETTINGS};
pub use stats::{CandidateReport, FIRST_LOOK, INDIFFERENT, LOOK_GROWTH, RACE_ERROR};

use super::explain::Note;
use super::player::{Ending, Strategy};
use super::rules_player::RulesPlayer;
use super::splitter::Splitter;
use crate::cards::Cards;
use crate::game::{BySeat, GameState, Seat};
use crate::rules::Combo;
use crate::search::{Policy, Sampler};
use crate::strategy::networks::{BidNet, HiddenNet};
use crate::time::{Budget, Deadline};
use eval::{Deals, Decision, Worker};
use proposal::{decision_seed, Proposal};
use race::Race;
use stats::best;
use table::TableEstimate;

/// The thinking player.
pub struct Thinker {
    settings: ThinkerSettings,
    /// The rule player: the search starts from its choice, and it bids by its value
    /// thresholds (`bid = value`).
    rules: RulesPlayer,
    splitter: Splitter,
    /// One per search thread, the first also bidding's (each makes its solver and network at
    /// its first search, so players that never search cost no table memory).
    workers: Vec<Worker>,
    /// The bid network, made at the first bid that uses it.
    bid_net: Option<BidNet>,
    /// What the games of this table have shown (`bid = table`), from the match's first game.
    table: TableEstimate,
    /// The hidden-hand network, made at the first decision that draws deals by it.
    hidden_net: Option<HiddenNet>,
    /// The deal the arena showed its measurement player ([`Thinker::show_deal`]): every
    /// seat's dealt hand and the bottom.
    shown: Option<(BySeat<Cards>, Cards)>,
    /// What the last decision saw, until the engine takes it for its log.
    explained: Option<Explanation>,
}

impl Thinker {
    /// A player with these settings.
    #[must_use]
    pub fn new(settings: ThinkerSettings) -> Thinker {
        Thinker {
            settings,
            rules: RulesPlayer::default(),
            splitter: Splitter::new(),
            workers: vec![Worker::default()],
            bid_net: None,
            table: TableEstimate::default(),
            hidden_net: None,
            shown: None,
            explained: None,
        }
    }

    /// Measurement only: search the true deal instead of sampled ones, every deal the hands
    /// each seat holds. The arena's `builtin:ddz:peek=on` shows it the deal before the game:
    /// the thinker that sees every card bounds what any sampler could buy. The engine never
    /// calls it.
    pub(crate) fn show_deal(&mut self, hands: &BySeat<Cards>, bottom: Cards) {
        self.shown = Some((*hands, bottom));
    }

    /// The hands each seat holds now, from the deal shown ([`Thinker::show_deal`]); `None`
    /// when none was shown or it does not fit the table (then the search samples as always).
    fn shown_hands(&self, state: &GameState) -> Option<BySeat<Cards>> {
        let (dealt, bottom) = self.shown?;
        let mut hands = dealt;
        if let Some(landlord) = state.landlord {
            hands[landlord] = hands[landlord].or(bottom);
        }
        for seat in Seat::ALL {
            hands[seat] = hands[seat].minus(state.played[seat]);
        }
        let fits = hands[state.me] == state.hand
            && Seat::ALL
                .iter()
                .all(|&s| hands[s].len() == usize::from(state.cards_left[s]));
        if fits {
            Some(hands)
        } else {
            None
        }
    }

    /// What the games of this table have shown (`bid = table`), as the `# think` line's
    /// `edge` field gives it.
    #[must_use]
    pub(crate) fn table_text(&self) -> String {
        explained::table_text(&self.table)
    }

    /// Whether its settings learn from the match's games ([`Strategy::game_over`]): the
    /// table's edge (`bid = table`).
    #[must_use]
    pub(crate) fn learns_from_games(&self) -> bool {
        self.settings.bidder == Bidder::Table
    }

    /// Its settings.
    #[must_use]
    pub(crate) fn settings(&self) -> &ThinkerSettings {
        &self.settings
    }

    /// The search of one play decision, with every candidate's figures.
    pub fn analyze(&mut self, state: &GameState, deadline: Deadline) -> Analysis {
        let policy_choice = self.rules.choose(state);
        let legal = state.legal_plays();
        let candidates =
            crate::strategy::choices::candidates(&mut self.splitter, state, &legal, policy_choice);
        let sampler = match Sampler::new(state) {
            Ok(s) if candidates.len() > 1 => s,
            _ => {
                return Analysis {
                    candidates: Vec::new(),
                    chosen: policy_choice,
                    policy_choice,
                    deals: 0,
                    stopped: Stopped::NoSearch,
                }
            }
        };
        let proposal =
            Proposal::for_decision(&self.settings, state, &sampler, &mut self.hidden_net);
        let deals = match self.shown_hands(state) {
            Some(hands) => Deals::Shown(hands),
            None => Deals::Sampled(&proposal),
        };
        let threads = self.settings.threads();
        self.workers.resize_with(threads, Worker::default);
        let budget = Budget::new(self.settings.limit(), MAX_DEALS, deadline);
        let race = Race {
            decision: Decision {
                settings: &self.settings,
                state,
                deals,
                seed: decision_seed(state),
                candidates: &candidates,
                hard: budget.hard(),
            },
            budget,
        }
        .run(&mut self.workers);
        let chosen_index = best(&race.tally, &candidates, policy_choice, self.settings.stick);
        let mut reports: Vec<CandidateReport> = candidates
            .iter()
            .zip(&race.tally)
            .map(|(c, t)| t.report(*c))
            .collect();
        reports.sort_by(|a, b| {
            b.mean
                .partial_cmp(&a.mean)
                .unwrap_or(std::cmp::Ordering::Equal)
        });
        Analysis {
            candidates: reports,
            chosen: candidates[chosen_index],
            policy_choice,
            deals: race.deals,
            stopped: race.stopped,
        }
    }

    /// The bid network's view of our hand: the expected score of each legal bid (the bid times
    /// the hand's value as the landlord at base 1) against the expected score of passing
    /// (`bid::plain_values`; with `bid = table` both corrected by the table's games,
    /// `TableEstimate::corrected`). The best bid is made when it beats passing by more than
    /// [`ThinkerSettings::bid_margin`] stakes.
    pub fn net_bid(&mut self, state: &GameState) -> NetBid {
        let (landlord, as_farmer) = bid::hand_values(self.bid_net(), state);
        let (as_landlord, pass) = if self.settings.bidder == Bidder::Table {
            self.table.corrected(&landlord, &as_farmer, state)
        } else {
            bid::plain_values(&landlord, &as_farmer, state)
        };
        let (chance, margin) = (landlord.landlord_win_chance(), self.settings.bid_margin);
        bid::choose_bid(state, as_landlord, pass, chance, margin)
    }

    /// The bid network, made at its first use.
    fn bid_net(&mut self) -> &mut BidNet {
        let file = self.settings.nets.bid.as_ref();
        self.bid_net
            .get_or_insert_with(|| BidNet::from_file_or_embedded(file))
    }

    /// Where a decision's deals would be drawn from, as the search draws them; `None` when no
    /// deal fits the table.
    fn proposal(&mut self, state: &GameState) -> Option<Proposal> {
        let sampler = Sampler::new(state).ok()?;
        Some(Proposal::for_decision(
            &self.settings,
            state,
            &sampler,
            &mut self.hidden_net,
        ))
    }

    /// The play network's mean value of each of `plays` for our side, over `deals` sampled deals
    /// (the same for every play, drawn as the search draws them): the network judges the
    /// position right after the play, or the game's score when the play ends it. For
    /// `ddz analyze`, beside the search's figures.
    pub(crate) fn net_means(&mut self, state: &GameState, plays: &[Combo], deals: u32) -> Vec<f64> {
        match self.proposal(state) {
            Some(proposal) => {
                self.workers[0].net_means(&self.settings, &proposal, state, plays, deals)
            }
            None => vec![0.0; plays.len()],
        }
    }

    /// Where the search believes the hidden cards are: for each hidden card (the unseen ones
    /// less the landlord's unplayed bottom), the share of `deals` deals drawn as the settings'
    /// `infer` draws them in which it lies with the seat after ours. For `ddz netcheck
    /// --hidden`, which scores these shares against the true deals.
    pub(crate) fn believed_chances(&mut self, state: &GameState, deals: u32) -> Vec<(u8, f64)> {
        self.proposal(state)
            .map_or_else(Vec::new, |p| p.believed_chances(state, deals))
    }
}

impl Strategy for Thinker {
    fn name(&self) -> &str {
        "think"
    }

    fn bid(&mut self, state: &GameState, _deadline: Deadline) -> u8 {
        let start = std::time::Instant::now();
        let margin = self.settings.bid_margin;
        let seen = match self.settings.bidder {
            Bidder::Value => {
                let (bid, value) = self.rules.bid_by_value(state);
                BidSeen::Value {
                    bid,
                    value,
                    scoring: state.scoring,
                }
            }
            _ if !(1..=3).any(|b| state.bid_is_legal(b)) => BidSeen::NoChoice,
            Bidder::Net => BidSeen::net(self.net_bid(state), margin),
            Bidder::Table => BidSeen::Table {
                said: self.net_bid(state),
                margin,
                table: explained::table_text(&self.table),
            },
        };
        let answer = seen.bid();
        let time = start.elapsed();
        self.explained = Some(Explanation::Bid(BidExplained { seen, answer, time }));
        answer
    }

    fn play(&mut self, state: &GameState, deadline: Deadline) -> Combo {
        let start = std::time::Instant::now();
        let legal = state.legal_plays();
        let (answer, analysis) = if legal.len() == 1 {
            (legal[0], None)
        } else {
            let a = self.analyze(state, deadline);
            (a.chosen, Some(a))
        };
        let time = start.elapsed();
        self.explained = Some(Explanation::Play(PlayExplained {
            analysis,
            answer,
            time,
        }));
        answer
    }

    fn take_explanation(&mut self) -> Option<Note> {
        self.explained.take().map(|e| e.note())
    }

    fn new_game(&mut self) {
        self.rules.new_game();
    }

    fn game_over(&mut self, state: &GameState, ending: &Ending) {
        if self.learns_from_games() {
            let mut table = std::mem::take(&mut self.table);
            table.learn(state, ending, self.bid_net());
            self.table = table;
        }
    }

    fn new_table(&mut self) {
        self.table = TableEstimate::default();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::strategy::networks::NetValue;
    use crate::time::SearchLimit;

    /// Mid-game positions of a few self-played games, with the seat to move holding choices.
    fn mid_game_views() -> Vec<GameState> {
        (0..3)
            .flat_map(crate::strategy::bench_games::self_play_positions)
            .flat_map(|m| m.views)
            .filter(|v| v.to_move == Some(v.me) && v.legal_plays().len() > 3)
            .take(4)
            .collect()
    }

    /// Shown the deal ([`Thinker::show_deal`], the arena's `peek = on`), the thinker judges
    /// every candidate on the hands each seat holds now (rebuilt from the deal and the plays),
    /// found here from the other seats' own views instead; a thinker not shown it samples.
    #[test]
    fn a_peeking_thinker_judges_every_candidate_on_the_true_hands() {
        let mut checked = 0;
        for moment in (0..3).flat_map(crate::strategy::bench_games::self_play_positions) {
            let views = &moment.views;
            let view = match views
                .iter()
                .find(|v| v.to_move == Some(v.me) && v.legal_plays().len() > 3)
            {
                Some(v) => v,
                None => continue,
            };
            let landlord = view.landlord.expect("the bench games have a landlord");
            let now = BySeat::from_fn(|s| views[s.index()].hand);
            let dealt = BySeat::from_fn(|s| {
                let held = now[s].or(view.played[s]);
                if s == landlord {
                    held.minus(view.bottom)
                } else {
                    held
                }
            });
            let settings = ThinkerSettings {
                limit: Some(SearchLimit::Deals(16)),
                table_bytes: 1 << 20,
                ..ThinkerSettings::default()
            };
            let mut peeking = Thinker::new(settings.clone());
            peeking.show_deal(&dealt, view.bottom);
            let seen = peeking.analyze(view, Deadline::unlimited());
            let mut worker = Worker::default();
            for c in &seen.candidates {
                let (direct, _) = worker
                    .evaluate(&settings, view, now, &c.play)
                    .expect("the play-out ends");
                assert!(c.deals > 0, "{:?}", seen);
                assert!((c.mean - direct).abs() < 1e-9, "{:?}: {}", c, direct);
            }
            let blind = Thinker::new(settings).analyze(view, Deadline::unlimited());
            assert_ne!(blind, seen, "sampled deals judge as the true one does");
            checked += 1;
        }
        assert!(checked >= 2, "{} positions", checked);
    }

    /// `aim = wins`: a deal's outcome is a plain stake won or lost, so with play-outs alone
    /// (`net-weight = 0`) each candidate's mean is the stake times its wins less its losses,
    /// read from the win tally kept beside the values; the network's share (the blend) stays
    /// within a stake.
    #[test]
    fn aiming_at_wins_values_a_deal_by_who_won() {
        let views = mid_game_views();
        assert!(!views.is_empty());
        for view in &views {
            let stake = NetValue::stake(view.scoring) * f64::from(view.highest_bid().max(1));
            for net_weight in [0.0, settings::DEFAULT_NET_WEIGHT] {
                let mut settings = ThinkerSettings {
                    limit: Some(SearchLimit::Deals(24)),
                    table_bytes: 1 << 20,
                    net_weight,
                    ..ThinkerSettings::default()
                };
                settings.set("aim", "wins").unwrap();
                let seen = Thinker::new(settings).analyze(view, Deadline::unlimited());
                for c in &seen.candidates {
                    assert!(c.deals > 0, "{:?}", c);
                    if net_weight == 0.0 {
                        let by_wins = stake * (2.0 * c.win_rate - 1.0);
                        assert!((c.mean - by_wins).abs() < 1e-9, "{:?}: {}", c, by_wins);
                    } else {
                        assert!(c.mean.abs() <= stake + 1e-9, "{:?}: {}", c, stake);
                    }
                }
            }
        }
    }
}
