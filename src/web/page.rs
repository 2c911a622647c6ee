//! The pages' files, embedded in the binary at build time, and how a page is put together from
//! them: each `.html` file names the parts it takes with `/*DDZ:name*/` (a style sheet, a
//! script, the data) and [`fill`] puts them in, so the page a person opens is one file that
//! needs no network.

/// The table's look, shared by both pages.
pub const TABLE_CSS: &str = include_str!("table.css");
/// Drawing cards and the table, shared by both pages.
pub const TABLE_JS: &str = include_str!("table.js");
/// The replay page's frame.
pub const REPLAY_HTML: &str = include_str!("replay.html");
/// The replay page's stepping.
pub const REPLAY_JS: &str = include_str!("replay.js");
/// The play page's frame.
pub const PLAY_HTML: &str = include_str!("play.html");
/// The play page's requests and buttons.
pub const PLAY_JS: &str = include_str!("play.js");

/// `template` with each `/*DDZ:name*/` replaced by its part. A part is put in as it is: the
/// caller makes data safe for where it goes ([`script_json`], [`html_text`]).
#[must_use]
pub fn fill(template: &str, parts: &[(&str, &str)]) -> String {
    let mut page = template.to_string();
    for (name, part) in parts {
        page = page.replace(&format!("/*DDZ:{}*/", name), part);
    }
    page
}

/// JSON made safe inside a `<script>` element: `<` only occurs inside JSON strings, where
/// `\u003c` reads the same, so no `</script>` or `<!--` can end the element early.
#[must_use]
pub fn script_json(json: &str) -> String {
    json.replace('<', "\\u003c")
}

/// Text made safe as HTML element content or an attribute value.
#[must_use]
pub fn html_text(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// The replay page for `games_json` (a JSON array of [`super::replay_page::DrawnGame`]), titled by
/// `source` (the log's name).
#[must_use]
pub fn replay_page(games_json: &str, source: &str) -> String {
    fill(
        REPLAY_HTML,
        &[
            ("table.css", TABLE_CSS),
            ("table.js", TABLE_JS),
            ("replay.js", REPLAY_JS),
            ("games", &script_json(games_json)),
        ],
    )
    .replace("<!--DDZ:source-->", &html_text(source))
}

/// The play page of `ddz serve`.
#[must_use]
pub fn play_page() -> String {
    fill(
        PLAY_HTML,
        &[
            ("table.css", TABLE_CSS),
            ("table.js", TABLE_JS),
            ("play.js", PLAY_JS),
        ],
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pages_have_every_part_filled() {
        for page in [replay_page("[]", "log.jsonl"), play_page()] {
            assert!(!page.contains("/*DDZ:"), "a part is missing");
            assert!(!page.contains("<!--DDZ:"), "a part is missing");
            // Everything is inline: no file, font or script is fetched.
            assert!(!page.contains("src=\"http"));
            assert!(!page.contains("href=\"http"));
            assert!(!page.contains("@import"));
        }
    }

    #[test]
    fn data_cannot_close_its_script_element() {
        let hostile = r#"[{"title":"</script><script>alert(1)</script><!--"}]"#;
        let page = replay_page(hostile, "<b>log</b>");
        assert!(!page.contains("</script><script>alert"));
        assert!(page.contains("&lt;b&gt;log&lt;/b&gt;"));
        // What the page parses is still the same JSON.
        let start = page.find("id=\"games\">").unwrap() + "id=\"games\">".len();
        let end = start + page[start..].find("</script>").unwrap();
        let parsed: serde_json::Value = serde_json::from_str(&page[start..end]).unwrap();
        let original: serde_json::Value = serde_json::from_str(hostile).unwrap();
        assert_eq!(parsed, original);
    }
}
