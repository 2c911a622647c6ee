//! The integration tests, one binary: each file beside this one is a module named as the file
//! was when every file was a binary of its own (`cargo test --release --test suite arena_cli::`
//! runs one of them). One binary links the library once instead of forty times, so a fresh
//! `cargo test --release` spends its time testing, not linking.
//!
//! `*_common` are the helpers some modules share; the rest test one part each, named by the
//! layer they test (rules, search, strategy, engine, arena, learn, play, web) or by the
//! binary's front (cli, docs).

mod arena_cli;
mod arena_common;
mod arena_douzero;
mod arena_engine;
mod arena_faults;
mod arena_gauntlet;
mod arena_json;
mod arena_log;
mod arena_pair;
mod arena_peer_habits;
mod arena_platforms;
mod arena_request;
mod arena_selfplay;
mod arena_shards;
mod arena_spec;
mod arena_sprt;
mod arena_supplied;
mod arena_team;
mod botzone_bot;
mod cli_args;
mod cli_faults;
mod cli_limits;
mod cli_tools;
mod docs_defaults;
mod docs_outputs;
mod engine_common;
mod engine_config;
mod engine_explain;
mod engine_notes;
mod engine_questions;
mod engine_session;
mod engine_table;
mod estimate_sample;
mod game_model;
mod layering;
mod learn_selfplay;
mod long_functions;
mod play_cli;
mod play_input;
mod props_cards;
mod props_common;
mod protocol_messages;
mod replay_cli;
mod rules_bruteforce;
mod rules_classify;
mod rules_common;
mod rules_moves;
mod rules_parse;
mod rules_platforms;
mod search_common;
mod search_sampler;
mod search_solver;
mod selfplay_shards;
mod strategy_common;
mod strategy_knowledge;
mod strategy_positions;
mod strategy_rooms;
mod strategy_selfplay;
mod strategy_split;
mod strategy_thinker;
mod transcripts;
mod web_serve;
