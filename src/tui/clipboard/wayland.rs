//! Whether the Wayland compositor has the data-control protocol that arboard's Wayland backend
//! needs (wlroots compositors and KDE do, GNOME does not). arboard asks the same question before
//! it falls back to X11, so the answer names the clipboard a copy really goes to.

/// `Ok(whether the compositor has a primary selection)`, or why the Wayland clipboard cannot
/// be used. Connects to the compositor: call it off the key path.
#[cfg(target_os = "linux")]
pub fn probe() -> Result<bool, String> {
    use wl_clipboard_rs::utils::{PrimarySelectionCheckError, is_primary_selection_supported};
    is_primary_selection_supported().map_err(|e| match e {
        PrimarySelectionCheckError::MissingProtocol => {
            "the compositor has no data-control protocol".to_owned()
        }
        e => e.to_string(),
    })
}

#[cfg(not(target_os = "linux"))]
pub fn probe() -> Result<bool, String> {
    Err("no Wayland clipboard on this system".to_owned())
}
