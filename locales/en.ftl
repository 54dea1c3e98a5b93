# fenboard's messages in English. Every id here is in es.ftl and zh.ftl too
# (i18n::tests checks it). $side is one of white, black, red, xq-black (xiangqi's Black).

## Title, panels, fields

fields-title = Fields
diagnostics-title = Diagnostics
analysis-title = Analysis
fen-title = FEN
help-title = Keys
help-footer = Esc, ? or F1 closes this help
help-scroll = ↑↓ scroll
help-position = ({ $first }–{ $last } of { $total })
title-help = {" "}? help{" "}
modified-mark = modified
record-counter = record { $current }/{ $count }
no-problems = no problems found
epd-operations = EPD operations
too-small-title = Terminal too small
too-small-quit = Ctrl-Q quits, Ctrl-C aborts
too-small = { $size }, needs at least { $needed }
not-parsed = the FEN does not read; the board shows the last one that did
field-ref = field { $field }
more-lines = … { $n } more lines
goto-pending = go to square: { $typed }_  (Esc cancels)

field-placement = Piece placement
field-side = Active colour
field-castling = Castling availability
field-ep = En passant target square
field-halfmove = Halfmove clock
field-fullmove = Fullmove number
field-short-placement = Placement
field-short-side = Side
field-short-castling = Castling
field-short-ep = En passant
field-short-halfmove = Halfmove
field-short-fullmove = Fullmove

game-chess = Chess
game-chess960 = Chess960
game-xiangqi = Xiangqi

## Sides and pieces

side = { $side ->
    [white] White
    [red] Red
    *[black] Black
  }
to-move = { $side ->
    [white] White
    [red] Red
    *[black] Black
  } to move
piece-white-king = White king
piece-white-queen = White queen
piece-white-rook = White rook
piece-white-bishop = White bishop
piece-white-knight = White knight
piece-white-pawn = White pawn
piece-black-king = Black king
piece-black-queen = Black queen
piece-black-rook = Black rook
piece-black-bishop = Black bishop
piece-black-knight = Black knight
piece-black-pawn = Black pawn
piece-red-general = Red general
piece-red-advisor = Red advisor
piece-red-elephant = Red elephant
piece-red-horse = Red horse
piece-red-chariot = Red chariot
piece-red-cannon = Red cannon
piece-red-soldier = Red soldier
piece-black-general = Black general
piece-black-advisor = Black advisor
piece-black-elephant = Black elephant
piece-black-horse = Black horse
piece-black-chariot = Black chariot
piece-black-cannon = Black cannon
piece-black-soldier = Black soldier

## Status line

status-legal = legal
status-illegal = { $n ->
    [one] illegal: 1 error
   *[other] illegal: { $n } errors
  }
status-legal-moves = { $n ->
    [one] 1 legal move
   *[other] { $n } legal moves
  }
status-check = check
status-checkmate = checkmate: { $side ->
    [white] White
    *[black] Black
  } wins
status-xiangqi-checkmate = checkmate: { $side ->
    [red] Red
    *[xq-black] Black
  } wins
status-stalemated = stalemated: { $side ->
    [red] Red
    *[xq-black] Black
  } wins
status-stalemate = stalemate: draw

## Analysis panel

engine = engine
engine-starting = starting the engine…
engine-game-over = no legal move: nothing to analyse
engine-depth = depth { $depth }
engine-not-sent = illegal position: not sent to the engine
engine-not-sent-why = illegal position, not sent: { $why }
engine-unavailable = no analysis: { $reason }

## Dialogs

confirm-delete-title = Delete record
confirm-delete = Delete this record from the collection?
confirm-delete-keys = y delete · n keep
confirm-quit-title = Unsaved changes
confirm-quit = The collection has unsaved changes.
confirm-quit-keys = s save and quit · d discard and quit · c cancel
changed-on-disk-title = File changed on disk
changed-on-disk = Another program changed the file since fenboard read it.
changed-on-disk-keys = o overwrite it · r reload it, dropping your changes · c cancel
quit-unread-title = FEN does not read
quit-unread = The FEN line does not read: there is no FEN to print.
quit-unread-keys = q quit printing nothing (exit status 1) · c cancel
quit-unread-note = the FEN line did not read: no FEN printed
chess960-title = Chess960 start position
chess960-prompt = Number 0–959 (empty or r: random):
chess960-keys = Enter apply · Esc cancel

## Notices

notice-goto-cancelled = square jump cancelled
notice-not-a-square = { $text } is not a square of this board
notice-unbound = { $key }: not a key here (? lists the keys)
notice-picked-up = picked up the { $piece } on { $square }: Enter drops it, Esc puts it back
notice-dropped = { $piece } dropped on { $square }
notice-pick-up-cancelled = pick-up cancelled
notice-nothing-to-pick-up = nothing to pick up on { $square }
notice-no-brush = type a piece letter first: a click puts the last piece placed
notice-undone = undone
notice-redone = redone
notice-nothing-to-undo = nothing to undo
notice-nothing-to-redo = nothing to redo
notice-game-switched = switched to { $game }
notice-chess960-start = Chess960 start position { $n }
notice-not-a-chess960-number = { $text } is not a number from 0 to 959
notice-castling-impossible = { $side ->
    [white] White
    *[black] Black
  } cannot castle { $wing ->
    [king] king-side
    *[queen] queen-side
  }: king or rook is not in place
notice-castling-needs-chess960 = { $side ->
    [white] White
    *[black] Black
  } { $wing ->
    [king] king-side
    *[queen] queen-side
  }: only Chess960 castling allows this right (Space switches)
notice-not-in-xiangqi = xiangqi has no castling and no en passant
notice-no-ep-candidates = no pawn could just have made a double step
notice-pasted = pasted FEN loaded (u undoes)
notice-paste-has-errors = the pasted text does not read: fix it in the FEN line
notice-pgn-loaded = { $n ->
    [one] PGN game loaded: 1 move, at its end (= keeps it as the setup, Esc shows the start)
   *[other] PGN game loaded: { $n } moves, at its end (= keeps it as the setup, Esc shows the start)
  }
notice-pgn-first-of = { $line }; the first of { $games } games
notice-pgn-stopped = { $line }; move { $at } ({ $move }) does not read or is not legal there, the line ends before it
notice-pgn-unread = the pasted PGN does not load: { $reason }
pgn-no-game = no game in it
pgn-bad-fen = the FEN tag of game { $game } does not read: { $fen }
pgn-variant = game { $game } is of a variant not played here: { $name }
notice-paste-empty = nothing to paste
notice-fen-applied = FEN applied
notice-fen-line-has-errors = the FEN line has errors: fix them or Esc to restore
notice-record-has-errors = record { $n } does not read: its text is in the FEN line (/ edits it)
notice-no-collection = no collection is open (fenboard FILE.fen opens one)
notice-first-record = this is the first record
notice-last-record = this is the last record
notice-record-added = record { $n } added
notice-record-deleted = record { $n } deleted
notice-only-record = the only record of a collection stays
notice-saving = saving…
notice-saved = saved
notice-save-failed = save failed: { $why }
notice-not-saved = not saved: the file on disk is as the other program left it
notice-reloaded = read again from disk: your unsaved changes are dropped
notice-reload-failed = reload failed: { $why }
notice-clock-at-max = clocks go up to { $max }
notice-copy-failed = copy failed: { $why }
notice-paste-failed = paste failed: { $why }
notice-popeye-pasted = pasted Popeye problem loaded { $stip } (S solves it, u undoes)
notice-popeye-not-read = the pasted Popeye text does not read: { $why }

## Help overlay: groups, then the key table (scripts/key-table-ids.py prints these)

group-board = Board
group-fields = Fields panel
group-fen-line = FEN line
group-anywhere = Anywhere
group-questions = Questions
group-help = Help
group-solution = Solution panel
group-moves = Play mode and playback

key-move-the-cursor = move the cursor
keys-arrows = arrows
key-jump-the-cursor-esc-or-a = jump the cursor; Esc or a wrong key cancels
keys-g-square-g-e4 = g + square (g e4)
key-put-that-piece-on-the-cursor = put that piece on the cursor square (upper case White/Red, lower case Black); chess K Q R B N P, xiangqi K A B N R C P (E = B, H = N)
keys-a-piece-letter = a piece letter
key-empty-the-square = empty the square
key-pick-up-the-piece-under-the = pick up the piece under the cursor; Enter again drops it there
key-toggle-side-to-move-clears-the = toggle side to move (clears the ep square)
key-flip-the-view-not-the-position = flip the view (not the position)
key-swap-colours-mirror-ranks-swap-piece = swap colours (mirror ranks, swap piece colours, side and castling)
key-mirror-files-a-h = mirror files (a↔h)
key-clear-the-board = clear the board
key-initial-position-chess960-a-number-0 = initial position (Chess960: a number 0–959, or Enter/r for a random one)
key-switch-game-chess-xiangqi = switch game (chess ↔ xiangqi)
key-undo = undo
key-redo = redo
key-copy-the-fen-to-the-clipboard = copy the FEN to the clipboard
key-copy-a-lichess-analysis-url-of = copy a lichess analysis URL of the position
key-write-the-record-s-diagram-svg = write the record's diagram (SVG, PNG) and copy the image
key-paste-a-fen-or-a-pgn = paste a FEN or a PGN game from the clipboard
key-edit-the-fen-line = edit the FEN line
key-help-this-list = help (this list)
key-analysis-panel-a-uci-engine-evaluates = Analysis panel: a UCI engine evaluates the position as you edit (open / close)
key-previous-next-record-of-a-collection = previous / next record of a collection
key-add-a-record-after-this-one = add a record after this one (a copy of this position)
key-delete-this-record-asks = delete this record (asks)
key-save-the-collection = save the collection
key-quit-and-print-the-fen-asks = quit and print the FEN (asks when a collection has unsaved changes or the FEN line does not read)
key-abort-print-nothing-exit-status-130 = abort: print nothing, exit status 130
key-close-an-overlay-cancel-a-pending = close an overlay, cancel a pending key or pick-up, return focus to the board
key-choose-the-field = choose the field
key-side-to-move-change-it = side to move: change it
key-toggle-a-castling-right-only-where = toggle a castling right (only where king and rook make it possible)
key-castling-field-switch-standard-chess960-castling = castling field: switch standard ↔ Chess960 castling
key-ep-field-cycle-the-plausible-squares = ep field: cycle the plausible squares and -
key-clocks-type-the-value = clocks: type the value
keys-digits-backspace = digits, Backspace
key-clocks-count-up-down-up-to = clocks: count up / down (up to 99999)
keys-or = + - (or ← →)
key-as-on-the-board = as on the board
key-back-to-the-board = back to the board
key-move-in-the-text = move in the text
key-delete-a-character = delete a character
key-delete-to-the-start-of-the = delete to the start of the line
key-apply-the-text-the-board-previews = apply the text (the board previews it while it reads)
key-restore-the-fen-of-the-position = restore the FEN of the position
key-apply-a-text-that-reads-and = apply a text that reads and move on (one that does not stays)
key-type-them-at-the-cursor = type them at the cursor
keys-other-characters = other characters
key-load-a-fen-that-reads-as = load a FEN that reads as one undo step, a PGN game into play mode at its end, else open it in the FEN line with its errors (in the FEN line: insert it at the cursor)
keys-paste-terminal = paste (terminal)
key-put-the-brush-the-last-piece = put the brush (the last piece put) on the square
keys-mouse-left-click = mouse left click
key-move-a-piece-dragging-off-the = move a piece; dragging off the board deletes it
keys-mouse-drag = mouse drag
keys-mouse-right-click = mouse right click
key-select-it-side-and-ep-change = select it (side and ep: change it)
keys-click-on-a-panel-field = click on a panel field
key-abort = abort
key-delete-this-record-yes-no = delete this record? yes / no
key-unsaved-changes-save-and-quit-discard = unsaved changes: save and quit / discard and quit / cancel
key-file-changed-on-disk-overwrite-it = file changed on disk: overwrite it / reload it, dropping your changes / cancel
key-the-fen-line-does-not-read = the FEN line does not read: quit printing nothing (exit status 1) / cancel
key-chess960-number-type-it-random-cancel = Chess960 number: type it / random / cancel
keys-digits-enter-r-esc = digits, Enter, r, Esc
key-close-the-help = close the help
key-scroll-the-help = scroll the help
hint-move = move
hint-put = put
hint-empty = empty
hint-pick-drop = pick/drop
hint-undo = undo
hint-copy = copy
hint-fields = fields
hint-fen-line = FEN line
hint-edit-fen = edit FEN
hint-help = help
hint-analyse = analyse
hint-quit = quit
hint-board = board
hint-restore = restore
hint-field = field
hint-change = change
hint-castling = castling
hint-clocks = clocks
hint-clear-to-start = clear to start
hint-apply = apply
hint-delete = delete
hint-keep = keep
hint-save-and-quit = save and quit
hint-discard-and-quit = discard and quit
hint-cancel = cancel
hint-overwrite = overwrite
hint-reload-drop-mine = reload (drop mine)
hint-quit-print-nothing = quit, print nothing
hint-number = number
hint-apply-empty-random = apply (empty: random)
hint-close = close
hint-scroll = scroll

## Diagnostics, by code (diag-CODE) and, where a code has several messages, by message.
## Every message may use $game (chess or xiangqi); a side's name also gives $side.
## The squares a diagnostic names are added after the message when it does not name them.

diag-empty-input = the FEN is empty
diag-invalid-utf8 = the line is not valid UTF-8 (shown with U+FFFD in its place)
diag-nul-byte = the text contains { $n ->
    [one] a NUL byte
   *[other] { $n } NUL bytes
  }, which no FEN has
diag-line-too-long = the line is { $len } bytes long; no FEN is longer than { $max } bytes, so it is not read
diag-more-problems = { $count ->
    [one] 1 more problem
   *[other] { $count } more problems
  } like the ones above ({ $code }) not listed one by one
diag-too-many-fields = { $n ->
    [one] 1 field
   *[other] { $n } fields
  } after the fullmove number; a FEN has six
diag-wrong-rank-count = the board has { $ranks } { $ranks ->
    [one] rank
   *[other] ranks
  }, { $game } boards have { $height }{ $extra ->
    [yes] ; the extra ranks are ignored
   *[no] {""}
  }
diag-wrong-rank-width = rank { $rank } has { $files } { $game ->
    [xiangqi] points, xiangqi
   *[chess] squares, chess
  } ranks have { $width }
diag-empty-rank = rank { $rank } is empty; write { $width } for an empty rank
diag-invalid-piece = '{ $char }' on rank { $rank } is not a { $game } piece ({ $game ->
    [xiangqi] K A B N R C P, lower case for Black, or a digit for empty points
   *[chess] K Q R B N P, lower case for Black, or a digit for empty squares
  })
diag-zero-digit = '0' on rank { $rank } is not a number of empty squares (1–{ $width })
diag-not-a-chess-piece = the { $role } is not a chess piece
diag-queen-in-xiangqi = the queen is not a xiangqi piece
diag-invalid-side = '{ $text }' is not a side to move: use w ({ $white }) or b (Black)
diag-invalid-castling = '{ $char }' is not a castling right (K Q k q, or rook files A–H a–h)
diag-castling-dash = '-' stands alone for no castling rights (K Q k q, or rook files A–H a–h)
diag-xiangqi-castling = xiangqi has no castling; the castling field must be '-', not '{ $text }'
diag-invalid-ep = '{ $text }' is not an en passant square: use '-' or a square such as e3
diag-xiangqi-ep = xiangqi has no en passant; the en passant field must be '-', not '{ $text }'
diag-invalid-halfmove = the halfmove clock { $problem ->
    [negative] cannot be negative ('{ $text }')
    [large] '{ $text }' is too large
   *[not-a-number] must be a whole number, not '{ $text }'
  }
diag-invalid-fullmove = the fullmove number { $problem ->
    [negative] cannot be negative ('{ $text }')
    [large] '{ $text }' is too large
   *[not-a-number] must be a whole number, not '{ $text }'
  }
diag-invalid-operation = malformed EPD operation: { $text }
diag-missing-fields = fields { $first }–6 are missing, read as `{ $defaults }`
diag-missing-fullmove = the fullmove number (field 6) is missing, read as 1
diag-extra-whitespace = extra whitespace is ignored
diag-whitespace-before = whitespace before the FEN is ignored
diag-whitespace-after = whitespace after the FEN is ignored
diag-whitespace-between = fields { $first } and { $second } are separated by { $gap ->
    [tab] a tab
    [line-break] a line break
   *[spaces] { $n } spaces
  }, not one space
diag-fen-prefix = the '{ $prefix }' prefix is not part of a FEN and is ignored
diag-byte-order-mark = the text starts with a byte order mark (U+FEFF), which is ignored
diag-carriage-return = the line ends in a carriage return (CRLF line ending), which is ignored
diag-red-side-letter = 'r' (Red) is read as 'w'; Red is written w
diag-piece-alias = '{ $char }' on rank { $rank } is read as the { $role } '{ $letter }'
diag-consecutive-digits = '{ $run }' on rank { $rank } is read as { $sum } empty squares; write { $sum }
diag-fullmove-zero = the fullmove number 0 is read as 1 (moves are counted from 1)
diag-duplicate-castling-right = castling right '{ $char }' is given twice
diag-castling-order = castling rights are out of order; they are written White first, king side first
diag-empty-board = the board is empty; each side needs at least its king
diag-missing-king = { $who } has no { $game ->
    [xiangqi] general
   *[chess] king
  }
diag-too-many-kings = { $who } has { $n } { $game ->
    [xiangqi] generals
   *[chess] kings
  } ({ $squares }); each side has exactly one
diag-pawns-on-backrank = pawns never stand on the first or last rank
diag-invalid-castling-rights = { $who } cannot castle with the rook on { $rook }
diag-castling-no-rook = { $who } has a castling right for a rook on { $rook } but no rook stands there
diag-castling-no-king = { $who } has a castling right ({ $rook }) but no king
diag-castling-king-off-rank = { $who } cannot castle with the rook on { $rook }: the king is not on rank { $rank }
diag-castling-two-rooks = { $who } has castling rights for two rooks on the same side of the king; only the outer one can castle
diag-castling-is-chess960 = castling with the rook on { $rook } is Chess960 castling, but the position is read as standard chess
diag-invalid-ep-square = en passant square { $ep } is impossible: with { $who } to move it must be on rank { $rank }
diag-ep-needs-pawn = en passant square { $ep } needs a { $mover } pawn that has just moved two squares
diag-ep-path-blocked = en passant square { $ep }: the pawn's path must be empty
diag-opposite-check = { $who }'s { $game ->
    [xiangqi] general
   *[chess] king
  } on { $king } is in check from { $from }{ $flying ->
    [yes] {" "}(the generals face each other on an open file)
   *[no] {""}
  } but { $mover } is to move
diag-impossible-check = { $who }'s king on { $king } is in check from { $from }: { $why ->
    [ep] the en passant square says the last move was a pawn's double step, which cannot give this check
   *[single] no single move can give this check
  }
diag-too-much-material = { $extra ->
    [0] { $who } has { $pawns } pawns; a side starts with 8 and never gets more
   *[other] { $who } has { $pawns } pawns and { $extra } pieces beyond its starting set, each a promoted pawn: { $total } pawns in all, but a side has only 8
  }
diag-too-many-pieces = { $who } has { $n } { $role }s; at most { $limit } are allowed
diag-king-outside-palace = { $who }'s general is outside its palace
diag-piece-off-point = { $who }'s piece cannot be there: { $why ->
    [advisor] advisors stay on the 5 points of their palace's diagonals
    [elephant] elephants move two points diagonally and never cross the river, so they only reach 7 points
    [soldier-behind] soldiers never move backwards, so they are never behind their start rank
   *[soldier-file] before crossing the river soldiers only stand on the a, c, e, g and i files
  }
diag-soldiers-one-file = { $who }'s soldiers cannot all be there: a soldier keeps its file until it crosses the river, and only one starts on each file
diag-pawn-captures = { $who }'s pawns need { $need } captures, but { $other } has lost { $lost ->
    [0] no piece
    [one] only 1 piece
   *[other] only { $lost } pieces
  }
diag-pawn-files = { $who }'s pawns cannot all have started on different files: a pawn changes file only by capturing, at most once per rank it advances
diag-caged-piece = { $who }'s piece cannot have got there
diag-king-caged = { $who }'s king cannot have got there: the men that have never moved wall its start square in
diag-no-origin = { $who }'s { $role } cannot have got there: no original { $role } can reach it and no pawn can have promoted where it could come from
diag-too-many-promoted = { $who } has { $n } pieces that must be promoted pawns; with { $pawns } pawns on the board at most { $max } can have promoted
diag-castling-moved = { $both ->
    [yes] White and Black
   *[no] { $who }
  } cannot still have castling rights { $letters }: their king and rooks would never have moved, and then the men could not have got where they stand
diag-turn-parity = { $who } must be to move: with every pawn at home and nothing captured only knights and rooks can have moved, and where they stand says so
diag-ep-with-halfmove = the en passant square { $ep } says a pawn just moved, so the halfmove clock should be 0, not { $clock }
diag-halfmove-impossible = the halfmove clock { $clock } is more than the { $plies } plies played by move { $move }
diag-draw-limit = the halfmove clock { $clock } is at or past the { $limit }-ply draw limit of { $game }

## fenboard solve

solve-line = line { $line }:
solve-keys = { $help ->
    [yes] { $n ->
        [one] 1 solution
       *[other] { $n } solutions
      }
   *[no] { $n ->
        [one] 1 key
       *[other] { $n } keys
      }
  }
solve-short-note = {" "}and { $n } short
solve-unfinished = unfinished ({ $keys } so far)
solve-no-solution = no solution
solve-cooked = cooked ({ $keys }{ $short })
solve-only-short = only short solutions ({ $n })
solve-sound = sound{ $short }
solve-checks = (every attacking move checks)
solve-bm-agrees = , bm agrees
solve-bm-disagrees = , bm { $bm } disagrees
solve-truncated = (variations cut short: too many lines)
solve-nodes = { $nodes } nodes, { $seconds }s
solve-counts = { $problems ->
    [one] 1 problem
   *[other] { $problems } problems
  }: { $sound } sound, { $cooked } cooked, { $none } without solution
solve-counts-unfinished = , { $n } unfinished
solve-counts-bad = , { $n } not readable
solve-counts-bm = , { $n } where bm disagrees

## Messages at start

newer-rescues = { $names }: unsaved changes from { $n ->
    [one] a killed session
   *[other] killed sessions
  }; compare with this file

popeye-opened = { $inp } (Popeye) saves as { $epd }{ $exists ->
    [yes] , which exists: saving asks first
   *[no] {""}
  }{ $unread ->
    [0] {""}
   *[other] ; { $unread } problems not read (fenboard check says why)
  }

## Play mode, playback and the Moves panel

setup-fen-title = setup FEN
notice-play-started = play mode: Enter on a piece, then on its target; Esc returns to the setup
moves-title = Moves
play-title = Play
playback-title = Playback
no-moves-yet = no moves yet
promotion-title = Promotion
promotion-prompt = The pawn becomes:
promotion-keys = q queen · r rook · b bishop · n knight · Esc cancel
line-at-setup = { $total ->
    [0] setup
    [one] setup · 1 move
   *[other] setup · { $total } moves
  }
line-at-move = move { $at } of { $total }
notice-playback-started = { $n ->
    [one] playback of 1 move: → steps, Esc returns
   *[other] playback of { $n } moves: → steps, Esc returns
  }
notice-playback-dropped = { $line } ({ $n } not legal here, left out)
refusal-illegal-position = the position is illegal, so no move is played: { $reason }
refusal-no-piece = no piece on { $square }
refusal-not-your-turn = not your turn: { $side ->
    [white] White
    [red] Red
   *[black] Black
  } to move
refusal-cannot-go = the { $role } on { $from } cannot go to { $to }
refusal-leaves-in-check = that move leaves your { $king } in check
refusal-needs-promotion = the pawn must promote: choose its piece
notice-chosen = { $piece } on { $square } chosen: Enter on its target
notice-choice-cancelled = choice cancelled
notice-took-back = { $move } taken back
notice-nothing-to-take-back = no move to take back
notice-kept-as-setup = the position reached is the setup now (u undoes)
notice-line-start = at the setup
notice-line-end = at the last move
notice-setup-back = back to the setup
notice-leave-line-first = the board shows moves: Esc returns to the setup first
notice-falls-off-board = refused: a piece would fall off the board
notice-rotate-chess-only = refused: a xiangqi board does not turn by 90°

## Solving and the Solution panel

notice-solve-refused = not solved: illegal position: { $why }
notice-stipulation-set = stipulation { $stip } stored in the record (saved with Ctrl-S)
notice-side-set-for-stipulation = stipulation { $stip } stored; { $side ->
    [white] White
   *[black] Black
} begins it, so the side to move is now { $side ->
    [white] White
   *[black] Black
} (u undoes both)
notice-solve-cancelled = solve stopped
notice-solution-stale = the position changed since it was solved: S solves it again
stipulation-title = Solve
stipulation-prompt = Stipulation:
stipulation-keys = Enter solve · Esc cancel · add tries, checks, setplay, twin move c8 d7
stipulation-empty = type a stipulation: #2, =3, s#2, h#2, h#2.5
stipulation-word = '{ $word }': only tries, checks, setplay or twin … may follow
stipulation-twin = not a twin: { $why }
stipulation-no-goal = expected #n, s#n, h#n, h#n.5, r#n, ser-#n, ser-h#n or ser-s#n, or another goal for # (= stalemate, + check, x capture, % win a piece, ep en passant, 00 castling; n a number of moves)
stipulation-half-only-in-help = only helpmates take a half move (h#n.5)
stipulation-only-half = the only fraction is .5 (h#2.5)
stipulation-no-number = expected the number of moves after the goal sign (#2)
stipulation-too-large = the number of moves is far too large
stipulation-zero = the number of moves must be at least 1
stipulation-too-many = at most { $max } moves can be searched exhaustively
solution-title = Solution
solution-stale = stale
solution-enter = Shift-Tab enters
solution-threat = threat:
solution-zugzwang = zugzwang
solution-but = but
solution-short = (short)
solution-order = { $stip }: { $first ->
    [white] White
   *[black] Black
} begins; the FEN has { $fen ->
    [white] White
   *[black] Black
} to move
solution-forced = warning: solved although the position breaks the rules: { $why }
solution-short-key = (short: in { $n })
solution-duals = duals:
solution-no-solution = no solution
solving = solving { $stip }
solving-first-moves = { $done }/{ $total } first moves
solving-esc-stops = Esc stops
solving-stopping = stopping…
nodes = { $n } nodes
solution-unfinished = unfinished (stopped): { $count } proved so far
solution-cooked = cooked: { $count }
solution-sound = sound: { $count }
count-keys = { $n ->
    [one] 1 key
   *[other] { $n } keys
  }
count-solutions = { $n ->
    [one] 1 solution
   *[other] { $n } solutions
  }
solve-refused = not solved: { $why }

## Keys of the Solution panel, play mode, playback and the transforms

key-mirror-ranks-top-bottom-colours-stay = mirror ranks (top↔bottom; colours stay)
key-shift-the-whole-position-one-file = shift the whole position one file or rank (refused when a piece would fall off)
keys-shift-arrows = Shift+arrows
key-rotate-the-position-a-quarter-turn = rotate the position a quarter turn clockwise (chess)
key-play-mode-make-legal-moves-from = play mode: make legal moves from this position (Esc returns to it)
key-focus-fields-panel-fen-line-solution = focus fields panel, FEN line, Solution panel (while open), board
key-solve-asks-the-stipulation-the-record = solve: asks the stipulation (the record's; + tries, checks), stores it in the record, solves in the background into the Solution panel; Esc stops
key-choose-a-line-of-the-tree = choose a line of the tree
key-play-the-chosen-line-on-the = play the chosen line on the board (the setup stays)
key-copy-the-chosen-line-as-text = copy the chosen line as text with its move numbers
key-stop-a-running-solve-here-or = stop a running solve (here or on the board); with nothing running, close the panel
keys-arrows-g-square = arrows, g + square
key-choose-a-piece-then-its-target = choose a piece, then its target: the move is played if it is legal (else the message line says why); a promotion asks the piece
keys-enter-mouse-drag = Enter, mouse drag
key-take-back-the-last-move = take back the last move
key-keep-the-position-reached-as-the = keep the position reached as the new setup (u then undoes it)
key-step-through-the-line-to-its = step through the line, to its start or end
key-play-on-from-the-move-shown = play on from the move shown (a move made drops the rest of the line)
key-copy-the-moves-as-pgn-with = copy the moves as PGN (with the setup's [FEN])
key-back-to-the-setup-in-play = back to the setup (in play mode a chosen piece is let go first)
key-as-on-the-board-the-engine = as on the board (the engine analyses the position shown)
key-promotion-the-piece-the-pawn-becomes = promotion: the piece the pawn becomes (Enter: queen) / cancel
key-stipulation-type-it-2-h-2 = stipulation: type it (#2, h#2.5 tries; typing replaces the selected prefill, an arrow keeps it) / solve / clear / cancel
keys-text-enter-ctrl-u-esc = text, Enter, Ctrl-U, Esc
hint-play = play
hint-copy-line = copy line
hint-solve = solve
hint-line = line
hint-stop-close = stop/close
hint-from-to = from/to
hint-take-back = take back
hint-step = step
hint-ends = ends
hint-play-on = play on
hint-copy-pgn = copy PGN
hint-setup = setup
hint-piece = piece
hint-stipulation = stipulation
hint-also-tries = also tries

## Clipboard and diagram notices

clip-copied-desktop = { $what } copied ({ $name } clipboard)
clip-copied-desktop-while-running = { $what } copied ({ $name } clipboard, only while fenboard runs)
clip-copied-osc52 = { $what } copied via OSC 52
clip-copied-osc52-tmux = { $what } copied via OSC 52 (tmux clipboard)
clip-copied-osc52-passthrough = { $what } copied via OSC 52 (tmux passthrough)
clip-copied-tmux-buffer = { $what } copied to the tmux buffer
clip-copied-memory = { $what } copied (memory clipboard)
clip-copy-failed = Could not copy the { $what }: { $reason }
clip-pasted-tmux-buffer = Pasted from the tmux buffer
clip-pasted-memory = Pasted from the memory clipboard
clip-pasted-desktop = Pasted from the { $name } clipboard
clip-pasted = Pasted
clip-read-failed = Cannot read the clipboard: { $reason }
diagram-written-copied = Diagram written: { $svg } + { $png }; image copied ({ $via })
diagram-written-not-copied = Diagram written: { $svg } + { $png }; image not copied: { $why }
diagram-not-written = Diagram not written: { $reason }

# The Record overlay (i): the record's operations.
key-the-record-s-author-and-source = the record's author and source, id, stipulation, solution and other operations: add, change, delete (open / close)
key-choose-a-row = choose a row
key-type-the-row-s-value-author = type the row's value (author, id and solution without quotes; another operation's operand as written; on the last row a new operation: opcode and operand)
key-add-an-operation-opcode-and-operand = add an operation (opcode and operand, after the others)
key-delete-the-row-s-operation = delete the row's operation
key-undo-redo-each-change-is-one = undo / redo (each change is one step)
key-close-the-overlay = close the overlay
key-type-the-value-empty-the-operation = type the value (empty: the operation goes)
keys-text-home-end-backspace-delete-ctrl = text, ← → Home End, Backspace Delete, Ctrl-U
key-write-it-into-the-record-one = write it into the record (one undo step) / leave it as it was
hint-record = record
hint-row = row
hint-edit = edit
hint-add = add
hint-undo-redo = undo/redo
hint-write = write
group-record = Record overlay
record-title = Record
record-author = Author, source
record-id = Id
record-stipulation = Stipulation
record-solution = Solution
record-new = new operation…
record-loose = No file is open: these go into the title, S and d's diagram, not into a file.
record-new-prompt = opcode and operand, e.g. c2 "a remark"
record-quote = a value cannot hold a double quote ("): EPD has no way to write one
record-semicolon = a ; outside quotes would end the operation there: put the operand in quotes
record-open-quote = a quote is not closed
record-opcode = '{ $code }' is no opcode: a letter, then letters, digits or _ (at most 15)
record-no-opcode = type an opcode, then its operand
record-does-not-fit = the record's line would not read back with it
notice-operation-set = { $code } set in the record
notice-operation-removed = { $code } removed from the record
notice-nothing-to-remove = the record has no such operation

convert-line = line { $n }
convert-game = game { $n }
convert-nothing = nothing to convert: the input has no record
convert-same-file = -o { $path }: that is the input; write elsewhere
convert-cannot-read = cannot read { $path }: { $why }
convert-move-stops = move { $at } ({ $word }) is not legal there; the line ends before it
