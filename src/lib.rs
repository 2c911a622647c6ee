//! ddz: a Doudizhu engine.
