//! `#[needs(tmux, xclip)]` above a test's `#[test]`: when one of them is missing here, the test
//! is marked `#[ignore = "tmux is not installed (apt-get install tmux)"]`, so that the summary
//! counts it as ignored with its reason instead of passing. Under `FENBOARD_E2E=1` nothing that a
//! package installs is ignored: the test fails at its start, saying what is missing (a tool
//! built by hand, `tools::BUILT_BY_HAND`, is still skipped with its reason). What is missing is decided by
//! `tests/common/tools.rs`, probed by this crate's build script.

use proc_macro::{Delimiter, Group, Literal, Punct, Spacing, TokenStream, TokenTree};

include!(concat!(env!("OUT_DIR"), "/probe.rs"));

#[proc_macro_attribute]
pub fn needs(args: TokenStream, item: TokenStream) -> TokenStream {
    match expand(args, item) {
        Ok(out) => out,
        Err(message) => format!("::core::compile_error!({message:?});")
            .parse()
            .expect("compile_error tokens"),
    }
}

fn expand(args: TokenStream, item: TokenStream) -> Result<TokenStream, String> {
    let mut reasons = Vec::new();
    let mut installable_missing = false;
    let mut named = 0;
    for token in args {
        match token {
            TokenTree::Ident(ident) => {
                let name = ident.to_string();
                let (_, missing) = PROBED.iter().find(|(n, _)| *n == name).ok_or_else(|| {
                    let known: Vec<&str> = PROBED.iter().map(|(n, _)| *n).collect();
                    format!(
                        "#[needs]: unknown `{name}` (known: {}; add it to tests/common/tools.rs)",
                        known.join(", ")
                    )
                })?;
                reasons.extend(*missing);
                installable_missing |= missing.is_some() && !BUILT_BY_HAND.contains(&name.as_str());
                named += 1;
            }
            TokenTree::Punct(p) if p.as_char() == ',' => {}
            other => return Err(format!("#[needs]: expected names, found `{other}`")),
        }
    }
    if named == 0 {
        return Err("#[needs]: name what the test needs, e.g. #[needs(tmux)]".into());
    }
    let item: Vec<TokenTree> = item.into_iter().collect();
    if !has_attribute(&item, "test") {
        return Err(
            "#[needs] goes above #[test]: below it, the test is already made and never ignored"
                .into(),
        );
    }
    if has_attribute(&item, "should_panic") {
        return Err("#[needs] with #[should_panic]: a missing tool would count as a pass".into());
    }
    if reasons.is_empty() {
        return Ok(item.into_iter().collect());
    }
    let reason = reasons.join("; ");
    if E2E && installable_missing {
        fail_at_start(item, &format!("FENBOARD_E2E=1 skips no test: {reason}"))
    } else {
        let mut out = ignore(&reason);
        out.extend(item);
        Ok(out)
    }
}

/// Whether the item's outer attributes include `#[name]` or `#[name(…)]`.
fn has_attribute(item: &[TokenTree], name: &str) -> bool {
    item.windows(2).any(|pair| match pair {
        [TokenTree::Punct(hash), TokenTree::Group(g)]
            if hash.as_char() == '#' && g.delimiter() == Delimiter::Bracket =>
        {
            let inner: Vec<TokenTree> = g.stream().into_iter().collect();
            matches!(inner.first(), Some(TokenTree::Ident(i)) if i.to_string() == name)
        }
        _ => false,
    })
}

/// `#[ignore = "reason"]`.
fn ignore(reason: &str) -> TokenStream {
    let attr: TokenStream = [
        TokenTree::Ident(proc_macro::Ident::new(
            "ignore",
            proc_macro::Span::call_site(),
        )),
        TokenTree::Punct(Punct::new('=', Spacing::Alone)),
        TokenTree::Literal(Literal::string(reason)),
    ]
    .into_iter()
    .collect();
    [
        TokenTree::Punct(Punct::new('#', Spacing::Alone)),
        TokenTree::Group(Group::new(Delimiter::Bracket, attr)),
    ]
    .into_iter()
    .collect()
}

/// The test function with `panic!(message)` as its first statement (the rest then unreachable,
/// and allowed to be).
fn fail_at_start(mut item: Vec<TokenTree>, message: &str) -> Result<TokenStream, String> {
    let Some(TokenTree::Group(body)) = item.pop() else {
        return Err("#[needs]: expected a test function".into());
    };
    if body.delimiter() != Delimiter::Brace {
        return Err("#[needs]: expected a test function".into());
    }
    let mut stream: TokenStream = format!("::std::panic!({message:?});")
        .parse()
        .expect("panic tokens");
    stream.extend(body.stream());
    let mut new_body = Group::new(Delimiter::Brace, stream);
    new_body.set_span(body.span());
    item.push(TokenTree::Group(new_body));
    let mut out: TokenStream = "#[allow(unreachable_code)]".parse().expect("allow tokens");
    out.extend(item);
    Ok(out)
}
