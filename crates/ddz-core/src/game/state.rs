//! What one seat knows about a game in progress: its hand, the bids, the landlord and bottom
//! cards, every play so far, each seat's cards left, and the play to beat.
//!
//! The same tracker serves the engine (one seat's view, `me`) and the arena's judge (which
//! replays every seat's plays through it as an independent check). Updates check what they are
//! told and return a [`TrackError`] instead of panicking; the caller decides how to resync.

use super::legal::{
    judge_bid, judge_play, judge_reported, recorded_reading, IllegalBid, IllegalPlay,
};
use super::score::{Outcome, Scoring, Tally};
use super::seat::{BySeat, Role, Seat};
use crate::cards::{Cards, Counts};
use crate::rules::{legal_plays, safe_answer, Combo, Platform};
use std::fmt;

/// Cards dealt to each seat.
pub const HAND_SIZE: u8 = 17;
/// Cards in the bottom, given to the landlord.
pub const BOTTOM_SIZE: u8 = 3;
/// Plays counted for a side whose cards left its hand without a record: more than one.
const UNRECORDED_PLAYS: u32 = 2;

/// One entry of the play history.
///
/// ```
/// use ddz_core::cards::Cards;
/// use ddz_core::game::{GameState, Seat, Turn};
/// use ddz_core::rules::{Combo, Kind};
///
/// let cards = |codes: &str| Cards::parse_codes(codes).unwrap();
/// let mut s = GameState::new(Seat::A, cards("0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16"));
/// s.set_landlord(Seat::C, cards("50,51,52")).unwrap();
/// s.record_play(Seat::C, Some(cards("48,49"))).unwrap(); // a pair of twos
/// s.record_play(Seat::A, None).unwrap();
/// let first = s.history[0];
/// assert_eq!((first.seat, first.combo.kind, first.cards), (Seat::C, Kind::Pair, cards("48,49")));
/// let pass = Turn { seat: Seat::A, combo: Combo::PASS, cards: Cards::EMPTY };
/// assert_eq!(s.history[1], pass);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Turn {
    /// Who played.
    pub seat: Seat,
    /// The play at the rank level (`Combo::PASS` for a pass).
    pub combo: Combo,
    /// The concrete cards (empty for a pass).
    pub cards: Cards,
}

/// Something the tracker was told that cannot be true: a bid or play the game's rules refuse
/// (the reason [`super::legal`] gives every front end), or news that contradicts what this
/// seat has seen.
///
/// ```
/// use ddz_core::cards::Cards;
/// use ddz_core::game::{GameState, Seat, Seen, TrackError};
///
/// let cards = |codes: &str| Cards::parse_codes(codes).unwrap();
/// let mut s = GameState::new(Seat::A, cards("0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16"));
/// s.set_landlord(Seat::C, cards("50,51,52")).unwrap();
/// // The landlord C is said to lead a 3 that we hold: reported, and taken all the same.
/// let e = s.record_play(Seat::C, Some(cards("0"))).unwrap_err();
/// let seen = Seen::OurHand;
/// assert_eq!(e, TrackError::CardsNotAvailable { seat: Seat::C, cards: cards("0"), seen });
/// assert_eq!(e.to_string(), "C played 3 (0), cards we hold");
/// assert_eq!(s.cards_left[Seat::C], 19);
/// // A plays next: a pass from B now is out of turn.
/// let e = s.record_play(Seat::B, None).unwrap_err();
/// assert_eq!(e, TrackError::OutOfTurn { seat: Seat::B, expected: Seat::A });
/// assert_eq!(e.to_string(), "B played out of turn (A was to play)");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TrackError {
    /// A play the rules refuse: no referee of the game could have accepted it (the reason is
    /// [`judge_play`]'s).
    Illegal {
        /// Who played.
        seat: Seat,
        /// Why no referee could have accepted it.
        reason: IllegalPlay,
    },
    /// A bid the rules refuse ([`judge_bid`]).
    Bid {
        /// Who bid.
        seat: Seat,
        /// Why the bid is refused.
        reason: IllegalBid,
    },
    /// A seat played cards it cannot hold, by what this seat has seen.
    CardsNotAvailable {
        /// Who played them.
        seat: Seat,
        /// The cards it cannot hold.
        cards: Cards,
        /// Where they are.
        seen: Seen,
    },
    /// The bottom shown names cards we were dealt.
    BottomDealtToUs {
        /// The landlord named with it.
        landlord: Seat,
        /// The cards of the bottom that we were dealt.
        cards: Cards,
        /// Whether the landlord is our seat (we then hold fewer than 20 cards).
        ours: bool,
    },
    /// The bottom shown names cards a farmer has already played.
    BottomPlayed {
        /// The farmer.
        seat: Seat,
        /// The cards of the bottom it played.
        cards: Cards,
    },
    /// The landlord named is not the seat the bids heard make the landlord.
    NotTheBidder {
        /// The landlord named.
        landlord: Seat,
        /// The first seat with the highest bid, and the bid; `None` when every bid heard is 0.
        bidder: Option<(Seat, u8)>,
    },
    /// A second bottom in one game, unlike the first.
    SecondBottom {
        /// The landlord named now, and the bottom.
        landlord: Seat,
        /// The bottom shown now.
        bottom: Cards,
        /// The landlord named before.
        was: Seat,
        /// The bottom shown before.
        was_bottom: Cards,
    },
    /// The seat has fewer cards left than it played.
    TooManyCards(Seat),
    /// It is not this seat's turn.
    OutOfTurn {
        /// Who played.
        seat: Seat,
        /// Whose turn it was.
        expected: Seat,
    },
}

impl fmt::Display for TrackError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TrackError::Illegal { seat, reason } => {
                write!(f, "{} played illegally: {}", seat, reason.said_of(*seat))
            }
            TrackError::Bid { seat, reason } => write!(f, "{} bid illegally: {}", seat, reason),
            TrackError::CardsNotAvailable { seat, cards, seen } => {
                write!(f, "{} played {} ({}), ", seat, cards, cards.to_codes())?;
                match seen {
                    Seen::OurHand => write!(f, "cards we hold"),
                    Seen::Played => write!(f, "cards already played"),
                    Seen::Bottom => write!(f, "cards of the bottom, which the landlord holds"),
                }
            }
            TrackError::BottomDealtToUs {
                landlord,
                cards,
                ours,
            } => {
                write!(
                    f,
                    "the bottom shown with landlord {} names {} ({}), cards we were dealt",
                    landlord,
                    cards,
                    cards.to_codes()
                )?;
                if *ours {
                    write!(f, ": as the landlord we hold fewer than 20 cards")
                } else {
                    write!(f, ": we keep them, and {} is counted 20 cards", landlord)
                }
            }
            TrackError::BottomPlayed { seat, cards } => write!(
                f,
                "the bottom names {} ({}), which the farmer {} already played",
                cards,
                cards.to_codes(),
                seat
            ),
            TrackError::NotTheBidder { landlord, bidder } => match bidder {
                Some((seat, bid)) => write!(
                    f,
                    "{} is named the landlord, but {} bid highest ({})",
                    landlord, seat, bid
                ),
                None => write!(
                    f,
                    "{} is named the landlord, but every bid heard was 0",
                    landlord
                ),
            },
            TrackError::SecondBottom {
                landlord,
                bottom,
                was,
                was_bottom,
            } => write!(
                f,
                "a second bottom this game: landlord {} with {}, after landlord {} with {}",
                landlord, bottom, was, was_bottom
            ),
            TrackError::TooManyCards(s) => write!(f, "{} played more cards than it holds", s),
            TrackError::OutOfTurn { seat, expected } => {
                write!(f, "{} played out of turn ({} was to play)", seat, expected)
            }
        }
    }
}

impl std::error::Error for TrackError {}

/// Where cards a seat played were, by what the tracking seat has seen
/// ([`TrackError::CardsNotAvailable`]).
///
/// ```
/// use ddz_core::cards::Cards;
/// use ddz_core::game::{GameState, Seat, Seen, TrackError};
///
/// let cards = |codes: &str| Cards::parse_codes(codes).unwrap();
/// let mut s = GameState::new(Seat::A, cards("0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16"));
/// s.set_landlord(Seat::C, cards("50,51,52")).unwrap();
/// s.record_play(Seat::C, Some(cards("40"))).unwrap();
/// s.record_play(Seat::A, None).unwrap();
/// // The farmer B plays the small joker, shown in the bottom: only the landlord holds it.
/// let e = s.record_play(Seat::B, Some(cards("52"))).unwrap_err();
/// let seen = Seen::Bottom;
/// assert_eq!(e, TrackError::CardsNotAvailable { seat: Seat::B, cards: cards("52"), seen });
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Seen {
    /// In our hand.
    OurHand,
    /// Played already.
    Played,
    /// In the bottom, which only the landlord holds.
    Bottom,
}

/// One seat's knowledge of a game.
///
/// ```
/// use ddz_core::cards::Cards;
/// use ddz_core::game::{GameState, Role, Seat};
///
/// let cards = |codes: &str| Cards::parse_codes(codes).unwrap();
/// // The official example from B's side, as a referee tells it: the deal, the bids, the bottom,
/// // the first plays.
/// let mut s = GameState::new(Seat::B, cards("0,4,5,7,9,10,17,21,25,33,34,39,41,43,44,45,46"));
/// s.record_bid(Seat::A, 1).unwrap();
/// s.record_bid(Seat::B, 3).unwrap();
/// s.record_bid(Seat::C, 0).unwrap();
/// s.set_landlord(Seat::B, cards("27,48,53")).unwrap();
/// assert_eq!((s.hand.len(), s.my_role(), s.base()), (20, Some(Role::Landlord), 3));
/// s.record_play(Seat::B, Some(cards("0,4,5,7"))).unwrap(); // 444 with a 3
/// s.record_play(Seat::C, None).unwrap();
/// s.record_play(Seat::A, Some(cards("12,13,14,20"))).unwrap(); // 666 with an 8
/// assert_eq!(s.cards_left.0, [13, 16, 17]);
/// assert_eq!(s.to_move, Some(Seat::B));
/// // Our answers beat A's 666 with an 8, or pass; the cards we have not seen are A's and C's.
/// let on = *s.to_beat().unwrap();
/// assert!(s.legal_plays().iter().all(|p| p.is_pass() || p.beats(&on)));
/// assert_eq!(s.unseen().len(), 13 + 17);
/// // Were B to win now: base 3, nothing doubled, 2 × 100 × 3 to the landlord.
/// assert_eq!(s.outcome(Seat::B).scores()[Seat::B], 2 * 100 * 3);
/// ```
#[derive(Clone, Debug)]
pub struct GameState {
    /// Our seat.
    pub me: Seat,
    /// Our cards now (the bottom cards included once we are the landlord).
    pub hand: Cards,
    /// The bids made so far.
    pub bids: BySeat<Option<u8>>,
    /// The landlord, once the bottom cards are shown.
    pub landlord: Option<Seat>,
    /// The bottom cards, once shown (public).
    pub bottom: Cards,
    /// The cards each seat has played.
    pub played: BySeat<Cards>,
    /// How many cards each seat holds.
    pub cards_left: BySeat<u8>,
    /// Every play and pass since the landlord's first lead, in order.
    pub history: Vec<Turn>,
    /// The play to beat and who made it; `None` when the next player leads.
    pub last: Option<(Seat, Combo)>,
    /// Passes in a row since the last play.
    pub passes: u8,
    /// What the plays recorded so far count for (bombs, rocket, each side's plays), counted
    /// as each is recorded ([`Tally::count`]); [`GameState::tally`] adds the plays a game set
    /// up midway made before its record.
    pub counted: Tally,
    /// Whose turn it is to play, once play has begun.
    pub to_move: Option<Seat>,
    /// The scoring rule the game is played under: the strategy weighs outcomes by it. The
    /// engine sets it from its settings (`scoring = team` in `ddz.cfg`); a state made for a
    /// search or a rollout copies it from the real one.
    pub scoring: Scoring,
    /// The rules the game is played under: [`Platform::Botzone`] for Botzone's variant (its
    /// judge's plays decide what is legal); any other value means the official game, where
    /// our answers are those every official platform accepts.
    pub platform: Platform,
}

impl GameState {
    /// A new game: we sit at `me` and were dealt `hand` (17 cards in a proper deal; a short or
    /// long deal is tracked as dealt, so our own count is the hand's size).
    #[must_use]
    pub fn new(me: Seat, hand: Cards) -> GameState {
        let mut cards_left = BySeat([HAND_SIZE; 3]);
        cards_left[me] = hand.len() as u8;
        GameState {
            me,
            hand,
            bids: BySeat::default(),
            landlord: None,
            bottom: Cards::EMPTY,
            played: BySeat::default(),
            cards_left,
            history: Vec::new(),
            last: None,
            passes: 0,
            counted: Tally::default(),
            to_move: None,
            scoring: Scoring::default(),
            platform: Platform::default(),
        }
    }

    /// The highest bid so far (0 when none).
    #[must_use]
    pub fn highest_bid(&self) -> u8 {
        self.bids.0.iter().flatten().copied().max().unwrap_or(0)
    }

    /// Whether `bid` is legal now ([`judge_bid`]): 0, or above every earlier bid and at most 3.
    #[must_use]
    pub fn bid_is_legal(&self, bid: u8) -> bool {
        judge_bid(bid, self.highest_bid()).is_ok()
    }

    /// Records a seat's bid, reporting it when the rules refuse it (it is recorded anyway).
    pub fn record_bid(&mut self, seat: Seat, bid: u8) -> Result<(), TrackError> {
        let judged = judge_bid(bid, self.highest_bid());
        self.bids[seat] = Some(bid);
        judged.map_err(|reason| TrackError::Bid { seat, reason })
    }

    /// The bottom cards are shown and go to `landlord`, who leads.
    pub fn set_landlord(&mut self, landlord: Seat, bottom: Cards) -> Result<(), TrackError> {
        self.landlord = Some(landlord);
        self.bottom = bottom;
        self.cards_left[landlord] = HAND_SIZE + BOTTOM_SIZE;
        self.to_move = Some(landlord);
        self.last = None;
        self.passes = 0;
        // Plays recorded before the landlord was known (a referee that sent LEFTOVER late)
        // counted for no side: from now on each counts for its seat's side, as the history says.
        self.counted.landlord_plays = 0;
        self.counted.farmer_plays = 0;
        for turn in self.history.iter().filter(|t| !t.combo.is_pass()) {
            self.counted.count_side(Role::of(turn.seat, landlord));
        }
        if landlord == self.me {
            self.hand = self.hand.or(bottom);
            self.cards_left[landlord] = self.hand.len() as u8;
        }
        if landlord != self.me && !self.hand.and(bottom).is_empty() {
            return Err(TrackError::BottomDealtToUs {
                landlord,
                cards: self.hand.and(bottom),
                ours: false,
            });
        }
        Ok(())
    }

    /// What showing `bottom` with `landlord` contradicts of what this seat knows, before it is
    /// applied ([`GameState::set_landlord`] takes the referee's word whatever this finds): bottom
    /// cards we were dealt, bottom cards a farmer already played, a landlord other than the
    /// first highest bidder heard (every bid 0 included, but on Botzone, whose seat A is then
    /// the landlord), a second bottom unlike the first. Read-only, for the engine's log.
    ///
    /// ```
    /// use ddz_core::cards::Cards;
    /// use ddz_core::game::{GameState, Seat, TrackError};
    ///
    /// let cards = |codes: &str| Cards::parse_codes(codes).unwrap();
    /// let dealt = cards("0,4,5,7,9,10,17,21,25,33,34,39,41,43,44,45,46");
    /// let mut s = GameState::new(Seat::B, dealt);
    /// s.record_bid(Seat::A, 1).unwrap();
    /// s.record_bid(Seat::B, 0).unwrap();
    /// s.record_bid(Seat::C, 2).unwrap();
    /// assert!(s.leftover_contradictions(Seat::C, cards("1,2,3")).is_empty());
    /// // A named the landlord though C bid highest.
    /// let found = s.leftover_contradictions(Seat::A, cards("1,2,3"));
    /// let bidder = Some((Seat::C, 2));
    /// assert_eq!(found, [TrackError::NotTheBidder { landlord: Seat::A, bidder }]);
    /// assert_eq!(found[0].to_string(), "A is named the landlord, but C bid highest (2)");
    /// ```
    #[must_use]
    pub fn leftover_contradictions(&self, landlord: Seat, bottom: Cards) -> Vec<TrackError> {
        let mut found = Vec::new();
        let ours_already = if self.landlord == Some(self.me) {
            self.bottom
        } else {
            Cards::EMPTY
        };
        let dealt = self.hand.or(self.played[self.me]).minus(ours_already);
        if !bottom.and(dealt).is_empty() {
            found.push(TrackError::BottomDealtToUs {
                landlord,
                cards: bottom.and(dealt),
                ours: landlord == self.me,
            });
        }
        for seat in Seat::ALL.iter().copied().filter(|&s| s != landlord) {
            let played = bottom.and(self.played[seat]);
            if seat != self.me && !played.is_empty() {
                found.push(TrackError::BottomPlayed {
                    seat,
                    cards: played,
                });
            }
        }
        let heard: Vec<(Seat, u8)> = Seat::ALL
            .iter()
            .filter_map(|&s| self.bids[s].map(|b| (s, b)))
            .collect();
        let highest = heard.iter().map(|&(_, b)| b).max();
        let bidder = heard
            .iter()
            .copied()
            .find(|&(_, b)| Some(b) == highest && b > 0);
        // Where the variant gives a deal nobody bid on to a seat, a landlord named then is
        // taken as the table says (the bids heard may be fewer than were made).
        let nobody_but_played = bidder.is_none() && self.platform.deal_rules().nobody_bid.is_some();
        if !heard.is_empty() && !nobody_but_played && bidder.map(|(s, _)| s) != Some(landlord) {
            found.push(TrackError::NotTheBidder { landlord, bidder });
        }
        if let Some(was) = self.landlord {
            if was != landlord || self.bottom != bottom {
                found.push(TrackError::SecondBottom {
                    landlord,
                    bottom,
                    was,
                    was_bottom: self.bottom,
                });
            }
        }
        found
    }

    /// The play to beat, or `None` when the player to move leads.
    #[must_use]
    pub fn to_beat(&self) -> Option<&Combo> {
        self.last.as_ref().map(|(_, c)| c)
    }

    /// The play `seat` must beat when it plays now: `None` when it leads, which includes the
    /// case where the last play on the table is its own (the others passed, even if a pass
    /// message went missing: a player never has to beat itself).
    ///
    /// ```
    /// use ddz_core::cards::Cards;
    /// use ddz_core::game::{GameState, Seat};
    ///
    /// let cards = |codes: &str| Cards::parse_codes(codes).unwrap();
    /// let mut s = GameState::new(Seat::A, cards("0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16"));
    /// s.set_landlord(Seat::A, cards("50,51,52")).unwrap();
    /// s.record_play(Seat::A, Some(cards("0"))).unwrap();
    /// assert_eq!(s.to_beat_for(Seat::B).map(|c| c.to_string()), Some("3".to_string()));
    /// // B passes, C's pass goes missing and the referee asks us: our own 3 is not to beat.
    /// s.record_play(Seat::B, None).unwrap();
    /// assert!(s.to_beat_for(Seat::A).is_none());
    /// ```
    #[must_use]
    pub fn to_beat_for(&self, seat: Seat) -> Option<&Combo> {
        match &self.last {
            Some((s, c)) if *s != seat => Some(c),
            _ => None,
        }
    }

    /// The other farmer, for a farmer; `None` for the landlord or before the landlord is known.
    #[must_use]
    pub fn partner(&self, seat: Seat) -> Option<Seat> {
        let landlord = self.landlord?;
        if seat == landlord {
            None
        } else {
            Seat::ALL
                .iter()
                .copied()
                .find(|&s| s != seat && s != landlord)
        }
    }

    /// The seats playing against `seat`: both others for the landlord, the landlord for a
    /// farmer; both others before the landlord is known.
    #[must_use]
    pub fn opponents(&self, seat: Seat) -> Vec<Seat> {
        Seat::ALL
            .iter()
            .copied()
            .filter(|&s| s != seat && self.partner(seat) != Some(s))
            .collect()
    }

    /// The cards no one has shown and we do not hold: in the other two hands.
    #[must_use]
    pub fn unseen(&self) -> Cards {
        let mut seen = self.hand;
        for (_, p) in self.played.iter() {
            seen = seen.or(*p);
        }
        // Bottom cards are public: those the landlord still holds are known, not unseen
        // (`landlord_known_cards` lists them).
        Cards::DECK.minus(seen).minus(self.bottom)
    }

    /// Bottom cards the landlord still holds (known to everyone), when someone else is landlord.
    #[must_use]
    pub fn landlord_known_cards(&self) -> Cards {
        match self.landlord {
            Some(l) if l != self.me => self.bottom.minus(self.played[l]),
            _ => Cards::EMPTY,
        }
    }

    /// The score multiplier so far: × (1 + bombs) when bombs were played, × 2 for the rocket
    /// (spring and anti-spring are decided at the end).
    #[must_use]
    pub fn multiplier(&self) -> u32 {
        self.counted.multiplier()
    }

    /// The base of the game: the highest bid, 1 when the landlord was fixed without bidding.
    #[must_use]
    pub fn base(&self) -> u8 {
        self.highest_bid().max(1)
    }

    /// What the plays so far count for in the score: the bombs and rocket, and each side's
    /// plays ([`GameState::counted`]). A side holding fewer cards than it was dealt less those
    /// the history records (a game set up midway) has made plays nobody recorded: they count
    /// as more than one play, so they make neither a spring nor an anti-spring.
    #[must_use]
    pub fn tally(&self) -> Tally {
        let mut tally = self.counted;
        let landlord = match self.landlord {
            Some(l) => l,
            None => return tally,
        };
        let (landlord_cards, farmer_cards) = self.cards_played_by_side(landlord);
        let gone = |s: Seat| {
            let dealt = if s == landlord {
                HAND_SIZE + BOTTOM_SIZE
            } else {
                HAND_SIZE
            };
            usize::from(dealt.saturating_sub(self.cards_left[s]))
        };
        let farmers_gone: usize = Seat::ALL
            .iter()
            .filter(|&&s| s != landlord)
            .map(|&s| gone(s))
            .sum();
        if farmers_gone > farmer_cards {
            tally.farmer_plays += UNRECORDED_PLAYS;
        }
        if gone(landlord) > landlord_cards {
            tally.landlord_plays += UNRECORDED_PLAYS;
        }
        tally
    }

    /// How the game scores if `winner` wins with the plays made so far ([`GameState::tally`]),
    /// for the base of [`GameState::base`]. Before a landlord is known the winner is taken for
    /// the landlord.
    #[must_use]
    pub fn outcome(&self, winner: Seat) -> Outcome {
        let landlord = self.landlord.unwrap_or(winner);
        Outcome::new(landlord, self.base(), winner, self.tally())
    }

    /// Our legal plays now (the pass included when following; empty only when we lead with
    /// no cards left, which a confused platform can ask for). When the play to beat could be
    /// read differently by some platform, only answers every platform accepts are listed
    /// ([`safe_answer`]): a bomb, the rocket and the pass always are.
    #[must_use]
    pub fn legal_plays(&self) -> Vec<Combo> {
        let target = self.to_beat_for(self.me);
        if !self.platform.is_official() {
            // A variant with its own table: the plays its judge accepts.
            let mut plays = Vec::new();
            self.platform
                .legal_plays(self.hand.counts(), target, &mut plays);
            return plays;
        }
        let mut plays = legal_plays(self.hand.counts(), target);
        if let Some(t) = target {
            plays.retain(|p| safe_answer(p, t));
        }
        plays
    }

    /// Whether our playing `cards` (`None` = pass) now is legal: a pass only when following,
    /// cards only from our hand, forming one play that beats the play on the table on every
    /// platform that accepts that play ([`safe_answer`]). Checked by classification,
    /// independently of [`GameState::legal_plays`]'s generation.
    #[must_use]
    pub fn play_is_legal(&self, cards: Option<Cards>) -> bool {
        let target = self.to_beat_for(self.me);
        if !self.platform.is_official() {
            return judge_play(self.platform, self.hand, target, cards).is_ok();
        }
        match judge_play(Platform::Canonical, self.hand, target, cards) {
            Ok(Some(play)) => target.map_or(true, |t| safe_answer(&play, t)),
            Ok(None) => true,
            Err(_) => false,
        }
    }

    /// Our hand as rank counts.
    #[must_use]
    pub fn hand_counts(&self) -> Counts {
        self.hand.counts()
    }

    /// Records a play (`None` = pass) by `seat`, checking it against what we know: the lenient
    /// layer of the game model (the rules every front end judges by, [`judge_play`]'s, taking
    /// whatever some referee could have accepted). On error the state is still updated as far
    /// as it can be (cards removed, turn advanced), so the caller can log and carry on.
    pub fn record_play(&mut self, seat: Seat, cards: Option<Cards>) -> Result<(), TrackError> {
        let mut problem = match self.to_move {
            Some(expected) if expected != seat => Some(TrackError::OutOfTurn { seat, expected }),
            _ => None,
        };
        let known_hand = if seat == self.me {
            Some(self.hand)
        } else {
            None
        };
        let reported = judge_reported(self.platform, known_hand, self.to_beat_for(seat), cards);
        if let Some(reason) = reported.problem {
            problem = problem.or(Some(TrackError::Illegal { seat, reason }));
        }
        if let Some(cards) = cards {
            if seat != self.me {
                let elsewhere = [
                    (Seen::OurHand, cards.and(self.hand)),
                    (Seen::Played, cards.and(self.played_all())),
                    (
                        Seen::Bottom,
                        cards.and(self.bottom.minus(self.landlord_cards_for(seat))),
                    ),
                ];
                if let Some(&(seen, cards)) = elsewhere.iter().find(|(_, c)| !c.is_empty()) {
                    problem = problem.or(Some(TrackError::CardsNotAvailable { seat, cards, seen }));
                }
            }
            if usize::from(self.cards_left[seat]) < cards.len() {
                problem = problem.or(Some(TrackError::TooManyCards(seat)));
            }
        }
        self.apply(seat, cards, reported.play);
        problem.map_or(Ok(()), Err)
    }

    /// Records a play (`None` = pass) by `seat` known to be legal, unjudged: the unchecked
    /// layer, for a search playing out moves it generated. The play is read as
    /// [`GameState::record_play`] reads it, so both leave the same state.
    pub fn play_unchecked(&mut self, seat: Seat, cards: Option<Cards>) {
        let play = cards.map_or(Combo::PASS, |c| recorded_reading(c.counts()));
        self.apply(seat, cards, play);
    }

    /// Applies a play read as `play` (a pass: [`Combo::PASS`]): cards leave the hand, the
    /// tally counts it, the turn moves on.
    fn apply(&mut self, seat: Seat, cards: Option<Cards>, play: Combo) {
        let cards = match cards {
            None => {
                self.history.push(Turn {
                    seat,
                    combo: Combo::PASS,
                    cards: Cards::EMPTY,
                });
                self.passes += 1;
                if self.passes >= 2 {
                    self.last = None;
                    self.passes = 0;
                }
                self.to_move = Some(seat.next());
                return;
            }
            Some(c) => c,
        };
        if seat == self.me {
            self.hand = self.hand.minus(cards);
        }
        let n = cards.len() as u8;
        self.cards_left[seat] = self.cards_left[seat].saturating_sub(n);
        self.played[seat] = self.played[seat].or(cards);
        match self.landlord {
            Some(landlord) => self.counted.count(Role::of(seat, landlord), &play),
            // No landlord yet (a referee that skipped LEFTOVER): the play raises the
            // multiplier but counts for no side.
            None => self.counted.count_multiplier(&play),
        }
        self.history.push(Turn {
            seat,
            combo: play,
            cards,
        });
        self.last = Some((seat, play));
        self.passes = 0;
        self.to_move = Some(seat.next());
    }

    /// The cards the landlord's side and the farmers' side have played, as the history records
    /// them (a game set up midway holds fewer cards than it was dealt less these).
    fn cards_played_by_side(&self, landlord: Seat) -> (usize, usize) {
        let (mut landlord_cards, mut farmer_cards) = (0, 0);
        for turn in &self.history {
            match Role::of(turn.seat, landlord) {
                Role::Landlord => landlord_cards += turn.cards.len(),
                Role::Farmer => farmer_cards += turn.cards.len(),
            }
        }
        (landlord_cards, farmer_cards)
    }

    /// Every card played by anyone.
    #[must_use]
    pub fn played_all(&self) -> Cards {
        self.played.0.iter().fold(Cards::EMPTY, |a, b| a.or(*b))
    }

    /// The bottom cards `seat` may legitimately hold: all of them for the landlord.
    fn landlord_cards_for(&self, seat: Seat) -> Cards {
        if self.landlord == Some(seat) {
            self.bottom
        } else {
            Cards::EMPTY
        }
    }

    /// Whether the game is over: some seat has no cards left (after play began).
    #[must_use]
    pub fn winner(&self) -> Option<Seat> {
        self.landlord?;
        Seat::ALL.iter().copied().find(|&s| self.cards_left[s] == 0)
    }

    /// The role of the seat whose view this is, once the landlord is known.
    #[must_use]
    pub fn my_role(&self) -> Option<Role> {
        self.landlord.map(|l| Role::of(self.me, l))
    }
}
