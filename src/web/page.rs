//! The pages' files, embedded in the binary at build time, and how a page is put together from
//! them: each `.html` file names the parts it takes with `/*DDZ:name*/` (a style sheet, a
//! script, the data) and [`fill`] puts them in, so the page a person opens is one file that
//! needs no network.

/// The table's look, shared by both pages.
pub(crate) const TABLE_CSS: &str = include_str!("table.css");
/// Drawing cards and the table, shared by both pages.
pub(crate) const TABLE_JS: &str = include_str!("table.js");
/// The replay page's frame.
pub(crate) const REPLAY_HTML: &str = include_str!("replay.html");
/// The replay page's stepping.
pub(crate) const REPLAY_JS: &str = include_str!("replay.js");
/// The play page's frame.
pub(crate) const PLAY_HTML: &str = include_str!("play.html");
/// The play page's requests and buttons.
pub(crate) const PLAY_JS: &str = include_str!("play.js");

/// `template` with each `/*DDZ:name*/` replaced by its part. A part is put in as it is: the
/// caller makes data safe for where it goes ([`script_json`], [`html_text`]).
#[must_use]
pub(crate) fn fill(template: &str, parts: &[(&str, &str)]) -> String {
    let mut page = template.to_string();
    for (name, part) in parts {
        page = page.replace(&format!("/*DDZ:{}*/", name), part);
    }
    page
}

/// JSON made safe inside a `<script>` element: `<` only occurs inside JSON strings, where
/// `\u003c` reads the same, so no `</script>` or `<!--` can end the element early.
#[must_use]
pub(crate) fn script_json(json: &str) -> String {
    json.replace('<', "\\u003c")
}

/// Text made safe as HTML element content or an attribute value.
#[must_use]
pub(crate) fn html_text(text: &str) -> String {
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
pub(crate) fn replay_page(games_json: &str, source: &str) -> String {
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
pub(crate) fn play_page() -> String {
    fill(
        PLAY_HTML,
        &[
            ("table.css", TABLE_CSS),
            ("table.js", TABLE_JS),
            ("play.js", PLAY_JS),
        ],
    )
}

/// The page a browser gets when a page's address is refused (a replay of a game that is gone,
/// or not finished, an unknown address): what happened in words, the server's reason, and a
/// link back to the table. API requests keep their JSON `{"error": reason}`.
#[must_use]
pub(crate) fn refusal_page(status: u16, reason: &str) -> String {
    let (title, why) = match status {
        404 => (
            "This game is gone",
            "The server keeps a game only while it runs: a game is closed when its page is \
             closed, after half an hour without a move, or when the server stops. A finished \
             game is kept in the server's <code>--save</code> log when it has one (<code>ddz \
             replay FILE --html</code> draws it again).",
        ),
        409 => (
            "This game is not finished",
            "Its replay opens once the game has ended: finish it at the table first.",
        ),
        _ => ("The server refused this address", ""),
    };
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
         <title>{title} · ddz</title><style>{css}</style></head>\n\
         <body class=\"refusal\"><main><h1>{title}</h1><p>{why}</p>\
         <p class=\"reason\">{status}: {reason}</p>\
         <p><a href=\"/\">Back to the table: a new game</a></p></main></body></html>\n",
        title = title,
        css = REFUSAL_CSS,
        why = why,
        status = status,
        reason = html_text(reason),
    )
}

/// The refusal page's look: the table's colours, readable at any width.
const REFUSAL_CSS: &str =
    "body.refusal{margin:0;min-height:100vh;background:#1d5c3a;color:#f4f1e8;\
font:16px/1.5 system-ui,sans-serif;display:flex;align-items:center;justify-content:center}\
body.refusal main{max-width:36em;padding:1.5em}body.refusal a{color:#ffd866}\
body.refusal .reason{opacity:.75;font-size:.9em}";

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
    fn a_refusal_page_says_why_and_links_back_without_running_the_address() {
        let page = refusal_page(
            404,
            "no game '<script>x</script>' (it was closed or expired)",
        );
        assert!(page.contains("This game is gone"));
        assert!(page.contains("href=\"/\""));
        assert!(!page.contains("<script>x"));
        assert!(page.contains("&lt;script&gt;x"));
        assert!(!page.contains("href=\"http") && !page.contains("src="));
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
