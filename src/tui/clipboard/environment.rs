//! Where fenboard runs, as far as the clipboard cares: a display, SSH, tmux.

/// The facts read from the environment variables, and the route a copy takes from them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Environment {
    /// `DISPLAY` is set (an X11 server, or XWayland).
    pub x11: bool,
    /// `WAYLAND_DISPLAY` is set.
    pub wayland: bool,
    /// `SSH_TTY`, `SSH_CONNECTION` or `SSH_CLIENT` is set: the user's clipboard is on the other
    /// end of the connection, whatever `DISPLAY` says (a forwarded X11 display is slow and is
    /// not the clipboard the user pastes from in their terminal).
    pub ssh: bool,
    /// `TMUX` is set: escape sequences pass through tmux.
    pub tmux: bool,
}

/// Which clipboard a copy goes to first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Route {
    /// The desktop clipboard (X11 or Wayland, through arboard), falling back to the terminal.
    Desktop,
    /// The terminal's clipboard through OSC 52 (or tmux's buffer when inside tmux).
    Terminal,
}

impl Environment {
    /// Reads the process environment.
    pub fn from_env() -> Environment {
        Environment::from_vars(|name| std::env::var_os(name).map(|v| v.to_string_lossy().into()))
    }

    /// Reads the environment through `var` (a variable that is set but empty counts as unset).
    pub fn from_vars(var: impl Fn(&str) -> Option<String>) -> Environment {
        let set = |name: &str| var(name).is_some_and(|v| !v.is_empty());
        Environment {
            x11: set("DISPLAY"),
            wayland: set("WAYLAND_DISPLAY"),
            ssh: set("SSH_TTY") || set("SSH_CONNECTION") || set("SSH_CLIENT"),
            tmux: set("TMUX"),
        }
    }

    pub fn has_display(&self) -> bool {
        self.x11 || self.wayland
    }

    pub fn route(&self) -> Route {
        if self.has_display() && !self.ssh {
            Route::Desktop
        } else {
            Route::Terminal
        }
    }

    /// Which desktop clipboard serves a copy, given what the Wayland compositor answered when
    /// asked for the data-control protocol (`probe`: `Ok(primary selection supported)`, or why
    /// not; only called when `WAYLAND_DISPLAY` is set). This is the choice arboard makes: the
    /// Wayland clipboard where the compositor has data-control (wlroots: sway, Hyprland; KDE),
    /// else X11 — on GNOME (no data-control) that is XWayland, whose clipboard GNOME keeps in
    /// step with the Wayland one.
    pub fn desktop(&self, probe: impl FnOnce() -> Result<bool, String>) -> Desktop {
        let wayland_error = if self.wayland {
            match probe() {
                Ok(primary) => return Desktop::Wayland { primary },
                Err(e) => Some(e),
            }
        } else {
            None
        };
        if self.x11 {
            Desktop::X11 { wayland_error }
        } else {
            Desktop::Missing {
                reason: match wayland_error {
                    Some(e) => format!("no Wayland clipboard: {e}"),
                    None => "no display".to_owned(),
                },
            }
        }
    }
}

/// The desktop clipboard a copy goes to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Desktop {
    /// Wayland's data-control protocol; `primary`: the compositor has a primary selection too.
    Wayland { primary: bool },
    /// X11 (or XWayland); `wayland_error` says why Wayland was not used where it was there.
    X11 { wayland_error: Option<String> },
    /// Neither works: the copy goes to the terminal.
    Missing { reason: String },
}

impl Desktop {
    /// The clipboard's name for messages.
    pub fn name(&self) -> &'static str {
        match self {
            Desktop::Wayland { .. } => "Wayland",
            Desktop::X11 { .. } | Desktop::Missing { .. } => "X11",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn env(vars: &[(&str, &str)]) -> Environment {
        let vars: Vec<(String, String)> = vars
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        Environment::from_vars(|name| vars.iter().find(|(k, _)| k == name).map(|(_, v)| v.clone()))
    }

    #[test]
    fn local_display_uses_the_desktop_clipboard() {
        assert_eq!(env(&[("DISPLAY", ":0")]).route(), Route::Desktop);
        assert_eq!(
            env(&[("WAYLAND_DISPLAY", "wayland-0")]).route(),
            Route::Desktop
        );
        let e = env(&[("DISPLAY", ":0"), ("TMUX", "/tmp/tmux-1000/default,1,0")]);
        assert_eq!(e.route(), Route::Desktop);
        assert!(e.tmux);
    }

    #[test]
    fn no_display_or_ssh_uses_the_terminal() {
        assert_eq!(env(&[]).route(), Route::Terminal);
        assert_eq!(env(&[("DISPLAY", "")]).route(), Route::Terminal);
        let forwarded = env(&[("DISPLAY", "localhost:10.0"), ("SSH_CONNECTION", "1 2 3 4")]);
        assert_eq!(forwarded.route(), Route::Terminal);
        assert_eq!(env(&[("SSH_TTY", "/dev/pts/3")]).route(), Route::Terminal);
    }

    #[test]
    fn wayland_is_used_only_where_the_compositor_has_data_control() {
        let both = env(&[("DISPLAY", ":0"), ("WAYLAND_DISPLAY", "wayland-1")]);
        // wlroots, KDE.
        assert_eq!(
            both.desktop(|| Ok(true)),
            Desktop::Wayland { primary: true }
        );
        // GNOME: XWayland.
        let gnome = both.desktop(|| Err("no zwlr_data_control_manager_v1".into()));
        assert_eq!(
            gnome,
            Desktop::X11 {
                wayland_error: Some("no zwlr_data_control_manager_v1".into())
            }
        );
        assert_eq!(gnome.name(), "X11");
        // Wayland alone, without data-control: nothing on the desktop.
        let weston = env(&[("WAYLAND_DISPLAY", "wayland-1")])
            .desktop(|| Err("the compositor has no data-control protocol".into()));
        let Desktop::Missing { reason } = weston else {
            panic!("{weston:?}")
        };
        assert!(reason.contains("data-control"), "{reason}");
        // X11 alone never asks a compositor.
        let x11 = env(&[("DISPLAY", ":0")]).desktop(|| panic!("probed without Wayland"));
        assert_eq!(
            x11,
            Desktop::X11 {
                wayland_error: None
            }
        );
    }
}
