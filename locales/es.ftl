# Los mensajes de fenboard en español. Los mismos ids que en.ftl.
# $side es white, black, red o xq-black (el Negro del xiangqi).

## Título, paneles, campos

fields-title = Campos
diagnostics-title = Diagnóstico
analysis-title = Análisis
fen-title = FEN
help-title = Teclas
help-footer = Esc, ? o F1 cierra esta ayuda
help-scroll = ↑↓ desplazar
help-position = ({ $first }–{ $last } de { $total })
title-help = {" "}? ayuda{" "}
modified-mark = modificado
record-counter = registro { $current }/{ $count }
no-problems = no se encontró ningún problema
epd-operations = Operaciones EPD
too-small-title = Terminal demasiado pequeño
too-small-quit = Ctrl-Q sale, Ctrl-C aborta
too-small = { $size }, necesita al menos { $needed }
not-parsed = el FEN no se puede leer; el tablero muestra el último que sí
field-ref = campo { $field }
more-lines = … { $n } líneas más
goto-pending = ir a la casilla: { $typed }_  (Esc cancela)

field-placement = Colocación de piezas
field-side = Turno
field-castling = Enroques posibles
field-ep = Casilla al paso
field-halfmove = Reloj de medias jugadas
field-fullmove = Número de jugada
field-short-placement = Piezas
field-short-side = Turno
field-short-castling = Enroque
field-short-ep = Al paso
field-short-halfmove = Medias j.
field-short-fullmove = Jugada

game-chess = Ajedrez
game-chess960 = Ajedrez960
game-xiangqi = Xiangqi

## Bandos y piezas

side = { $side ->
    [white] Blancas
    [red] Rojo
    [xq-black] Negro
    *[black] Negras
  }
to-move = { $side ->
    [white] juegan las blancas
    [red] juega Rojo
    [xq-black] juega Negro
    *[black] juegan las negras
  }
piece-white-king = rey blanco
piece-white-queen = dama blanca
piece-white-rook = torre blanca
piece-white-bishop = alfil blanco
piece-white-knight = caballo blanco
piece-white-pawn = peón blanco
piece-black-king = rey negro
piece-black-queen = dama negra
piece-black-rook = torre negra
piece-black-bishop = alfil negro
piece-black-knight = caballo negro
piece-black-pawn = peón negro
piece-red-general = general rojo
piece-red-advisor = consejero rojo
piece-red-elephant = elefante rojo
piece-red-horse = caballo rojo
piece-red-chariot = carro rojo
piece-red-cannon = cañón rojo
piece-red-soldier = soldado rojo
piece-black-general = general negro
piece-black-advisor = consejero negro
piece-black-elephant = elefante negro
piece-black-horse = caballo negro
piece-black-chariot = carro negro
piece-black-cannon = cañón negro
piece-black-soldier = soldado negro

## Línea de estado

status-legal = legal
status-illegal = { $n ->
    [one] ilegal: 1 error
   *[other] ilegal: { $n } errores
  }
status-legal-moves = { $n ->
    [one] 1 jugada legal
   *[other] { $n } jugadas legales
  }
status-check = jaque
status-checkmate = jaque mate: { $side ->
    [white] ganan las blancas
    *[black] ganan las negras
  }
status-xiangqi-checkmate = jaque mate: { $side ->
    [red] gana Rojo
    *[xq-black] gana Negro
  }
status-stalemated = ahogado: { $side ->
    [red] gana Rojo
    *[xq-black] gana Negro
  }
status-stalemate = ahogado: tablas

## Panel de análisis

engine = motor
engine-starting = arrancando el motor…
engine-game-over = ninguna jugada legal: nada que analizar
engine-depth = profundidad { $depth }
engine-not-sent = posición ilegal: no se envía al motor
engine-not-sent-why = posición ilegal, no enviada: { $why }
engine-unavailable = sin análisis: { $reason }

## Diálogos

confirm-delete-title = Borrar registro
confirm-delete = ¿Borrar este registro de la colección?
confirm-delete-keys = y borrar · n conservar
confirm-quit-title = Cambios sin guardar
confirm-quit = La colección tiene cambios sin guardar.
confirm-quit-keys = s guardar y salir · d descartar y salir · c cancelar
changed-on-disk-title = El archivo cambió en el disco
changed-on-disk = Otro programa cambió el archivo después de que fenboard lo leyera.
changed-on-disk-keys = o sobrescribirlo · r releerlo, perdiendo tus cambios · c cancelar
quit-unread-title = El FEN no se puede leer
quit-unread = La línea FEN no se puede leer: no hay ningún FEN que imprimir.
quit-unread-keys = q salir sin imprimir nada (estado de salida 1) · c cancelar
quit-unread-note = la línea FEN no se podía leer: no se imprimió ningún FEN
chess960-title = Posición inicial de Ajedrez960
chess960-prompt = Número 0–959 (vacío o r: al azar):
chess960-keys = Enter aplicar · Esc cancelar

## Avisos

notice-goto-cancelled = salto de casilla cancelado
notice-not-a-square = { $text } no es una casilla de este tablero
notice-unbound = { $key }: no es una tecla aquí (? muestra las teclas)
notice-picked-up = pieza en la mano: { $piece } de { $square } (Enter la suelta, Esc la devuelve)
notice-dropped = pieza soltada en { $square }: { $piece }
notice-pick-up-cancelled = recogida cancelada
notice-nothing-to-pick-up = no hay nada que coger en { $square }
notice-no-brush = escribe antes la letra de una pieza: un clic pone la última pieza colocada
notice-undone = deshecho
notice-redone = rehecho
notice-nothing-to-undo = nada que deshacer
notice-nothing-to-redo = nada que rehacer
notice-game-switched = cambiado a { $game }
notice-chess960-start = posición inicial de Ajedrez960 número { $n }
notice-not-a-chess960-number = { $text } no es un número de 0 a 959
notice-castling-impossible = { $side ->
    [white] las blancas no pueden enrocar
    *[black] las negras no pueden enrocar
  } { $wing ->
    [king] en corto
    *[queen] en largo
  }: el rey o la torre no están en su sitio
notice-castling-needs-chess960 = { $wing ->
    [king] enroque corto
    *[queen] enroque largo
  } de { $side ->
    [white] las blancas
    *[black] las negras
  }: solo el enroque de Ajedrez960 permite este derecho (Espacio cambia)
notice-not-in-xiangqi = el xiangqi no tiene enroque ni captura al paso
notice-no-ep-candidates = ningún peón puede haber avanzado dos casillas
notice-pasted = FEN pegado cargado (u deshace)
notice-paste-has-errors = el texto pegado no se puede leer: corrígelo en la línea FEN
notice-pgn-loaded = { $n ->
    [one] partida PGN cargada: 1 jugada, en su final (= la guarda como posición inicial, Esc muestra el inicio)
   *[other] partida PGN cargada: { $n } jugadas, en su final (= la guarda como posición inicial, Esc muestra el inicio)
  }
notice-pgn-first-of = { $line }; la primera de { $games } partidas
notice-pgn-stopped = { $line }; la jugada { $at } ({ $move }) no se lee o no es legal ahí, la línea acaba antes
notice-pgn-unread = el PGN pegado no se carga: { $reason }
pgn-no-game = no contiene ninguna partida
pgn-bad-fen = la etiqueta FEN de la partida { $game } no se puede leer: { $fen }
pgn-variant = la partida { $game } es de una variante que aquí no se juega: { $name }
notice-paste-empty = nada que pegar
notice-fen-applied = FEN aplicado
notice-fen-line-has-errors = la línea FEN tiene errores: corrígelos o pulsa Esc para restaurarla
notice-record-has-errors = el registro { $n } no se puede leer: su texto está en la línea FEN (/ lo edita)
notice-no-collection = no hay ninguna colección abierta (fenboard ARCHIVO.fen abre una)
notice-first-record = este es el primer registro
notice-last-record = este es el último registro
notice-record-added = registro { $n } añadido
notice-record-deleted = registro { $n } borrado
notice-only-record = el único registro de una colección se queda
notice-saving = guardando…
notice-saved = guardado
notice-save-failed = no se pudo guardar: { $why }
notice-not-saved = no guardado: el archivo en el disco queda como lo dejó el otro programa
notice-reloaded = releído del disco: se descartan tus cambios sin guardar
notice-reload-failed = no se pudo releer: { $why }
notice-clock-at-max = los relojes llegan hasta { $max }
notice-copy-failed = no se pudo copiar: { $why }
notice-paste-failed = no se pudo pegar: { $why }
notice-popeye-pasted = problema de Popeye pegado y cargado { $stip } (S lo resuelve, u deshace)
notice-popeye-not-read = el texto de Popeye pegado no se puede leer: { $why }

## Ayuda: grupos y tabla de teclas

group-board = Tablero
group-fields = Panel de campos
group-fen-line = Línea FEN
group-anywhere = En cualquier sitio
group-questions = Preguntas
group-help = Ayuda
group-solution = Panel de la solución
group-moves = Modo de juego y reproducción

key-move-the-cursor = mover el cursor
keys-arrows = flechas
key-jump-the-cursor-esc-or-a = saltar con el cursor; Esc o una tecla errónea cancela
keys-g-square-g-e4 = g + casilla (g e4)
key-put-that-piece-on-the-cursor = poner esa pieza en la casilla del cursor (mayúscula Blancas/Rojo, minúscula Negras); ajedrez K Q R B N P, xiangqi K A B N R C P (E = B, H = N)
keys-a-piece-letter = la letra de una pieza
key-empty-the-square = vaciar la casilla
key-pick-up-the-piece-under-the = coger la pieza bajo el cursor; otro Enter la suelta allí
key-toggle-side-to-move-clears-the = cambiar el turno (borra la casilla al paso)
key-flip-the-view-not-the-position = girar la vista (no la posición)
key-swap-colours-mirror-ranks-swap-piece = intercambiar colores (reflejar filas, cambiar colores de piezas, turno y enroques)
key-mirror-files-a-h = reflejar columnas (a↔h)
key-clear-the-board = vaciar el tablero
key-initial-position-chess960-a-number-0 = posición inicial (Ajedrez960: un número 0–959, o Enter/r para una al azar)
key-switch-game-chess-xiangqi = cambiar de juego (ajedrez ↔ xiangqi)
key-undo = deshacer
key-redo = rehacer
key-copy-the-fen-to-the-clipboard = copiar el FEN al portapapeles
key-copy-a-lichess-analysis-url-of = copiar una URL de análisis de lichess de la posición
key-write-the-record-s-diagram-svg = escribir el diagrama del registro (SVG, PNG) y copiar la imagen
key-paste-a-fen-or-a-pgn = pegar un FEN o una partida PGN del portapapeles
key-edit-the-fen-line = editar la línea FEN
key-help-this-list = ayuda (esta lista)
key-analysis-panel-a-uci-engine-evaluates = panel de Análisis: un motor UCI evalúa la posición mientras editas (abrir / cerrar)
key-previous-next-record-of-a-collection = registro anterior / siguiente de una colección
key-add-a-record-after-this-one = añadir un registro tras este (una copia de esta posición)
key-delete-this-record-asks = borrar este registro (pregunta)
key-save-the-collection = guardar la colección
key-quit-and-print-the-fen-asks = salir e imprimir el FEN (pregunta si una colección tiene cambios sin guardar o la línea FEN no se puede leer)
key-abort-print-nothing-exit-status-130 = abortar: no imprime nada, estado de salida 130
key-close-an-overlay-cancel-a-pending = cerrar una ventana, cancelar una tecla pendiente o una recogida, volver al tablero
key-choose-the-field = elegir el campo
key-side-to-move-change-it = turno: cambiarlo
key-toggle-a-castling-right-only-where = activar o quitar un derecho de enroque (solo donde el rey y la torre lo permiten)
key-castling-field-switch-standard-chess960-castling = campo de enroque: cambiar entre enroque estándar ↔ de Ajedrez960
key-ep-field-cycle-the-plausible-squares = campo al paso: recorrer las casillas posibles y -
key-clocks-type-the-value = relojes: escribir el valor
keys-digits-backspace = cifras, Backspace
key-clocks-count-up-down-up-to = relojes: subir / bajar (hasta 99999)
keys-or = + - (o ← →)
key-as-on-the-board = como en el tablero
key-back-to-the-board = volver al tablero
key-move-in-the-text = moverse por el texto
key-delete-a-character = borrar un carácter
key-delete-to-the-start-of-the = borrar hasta el principio de la línea
key-apply-the-text-the-board-previews = aplicar el texto (el tablero lo muestra mientras se puede leer)
key-restore-the-fen-of-the-position = restaurar el FEN de la posición
key-apply-a-text-that-reads-and = aplicar un texto que se lee y pasar al siguiente (uno que no, se queda)
key-type-them-at-the-cursor = escribirlos en el cursor
keys-other-characters = otros caracteres
key-load-a-fen-that-reads-as = cargar un FEN que se lee como un solo paso de deshacer, una partida PGN en el modo de juego en su final, si no abrirlo en la línea FEN con sus errores (en la línea FEN: insertarlo en el cursor)
keys-paste-terminal = pegar (terminal)
key-put-the-brush-the-last-piece = poner el pincel (la última pieza puesta) en la casilla
keys-mouse-left-click = clic izquierdo
key-move-a-piece-dragging-off-the = mover una pieza; arrastrarla fuera del tablero la borra
keys-mouse-drag = arrastrar con el ratón
keys-mouse-right-click = clic derecho
key-select-it-side-and-ep-change = seleccionarlo (turno y al paso: cambiarlo)
keys-click-on-a-panel-field = clic en un campo del panel
key-abort = abortar
key-delete-this-record-yes-no = ¿borrar este registro? sí / no
key-unsaved-changes-save-and-quit-discard = cambios sin guardar: guardar y salir / descartar y salir / cancelar
key-file-changed-on-disk-overwrite-it = archivo cambiado en el disco: sobrescribirlo / releerlo, perdiendo tus cambios / cancelar
key-the-fen-line-does-not-read = la línea FEN no se puede leer: salir sin imprimir nada (estado de salida 1) / cancelar
key-chess960-number-type-it-random-cancel = número de Ajedrez960: escribirlo / al azar / cancelar
keys-digits-enter-r-esc = cifras, Enter, r, Esc
key-close-the-help = cerrar la ayuda
key-scroll-the-help = desplazar la ayuda
hint-move = mover
hint-put = poner
hint-empty = vaciar
hint-pick-drop = coger/soltar
hint-undo = deshacer
hint-copy = copiar
hint-fields = campos
hint-fen-line = línea FEN
hint-edit-fen = editar FEN
hint-help = ayuda
hint-analyse = analizar
hint-quit = salir
hint-board = tablero
hint-restore = restaurar
hint-field = campo
hint-change = cambiar
hint-castling = enroque
hint-clocks = relojes
hint-clear-to-start = borrar al inicio
hint-apply = aplicar
hint-delete = borrar
hint-keep = conservar
hint-save-and-quit = guardar y salir
hint-discard-and-quit = descartar y salir
hint-cancel = cancelar
hint-overwrite = sobrescribir
hint-reload-drop-mine = releer (perder lo mío)
hint-quit-print-nothing = salir, sin imprimir
hint-number = número
hint-apply-empty-random = aplicar (vacío: al azar)
hint-close = cerrar
hint-scroll = desplazar

## Diagnóstico, por código y, donde un código tiene varios mensajes, por mensaje.

diag-empty-input = el FEN está vacío
diag-invalid-utf8 = la línea no es UTF-8 válido (se muestra U+FFFD en su lugar)
diag-nul-byte = el texto contiene { $n ->
    [one] un byte NUL
   *[other] { $n } bytes NUL
  }, que ningún FEN tiene
diag-line-too-long = la línea tiene { $len } bytes; ningún FEN pasa de { $max } bytes, así que no se lee
diag-more-problems = { $count ->
    [one] 1 problema más
   *[other] { $count } problemas más
  } como los de arriba ({ $code }) no se listan uno por uno
diag-too-many-fields = { $n ->
    [one] 1 campo
   *[other] { $n } campos
  } después del número de jugada; un FEN tiene seis
diag-wrong-rank-count = el tablero tiene { $ranks } filas, los tableros de { $game ->
    [xiangqi] xiangqi
   *[chess] ajedrez
  } tienen { $height }{ $extra ->
    [yes] ; las filas de más se ignoran
   *[no] {""}
  }
diag-wrong-rank-width = la fila { $rank } tiene { $files } { $game ->
    [xiangqi] puntos, las filas de xiangqi tienen
   *[chess] casillas, las filas de ajedrez tienen
  } { $width }
diag-empty-rank = la fila { $rank } está vacía; escribe { $width } para una fila vacía
diag-invalid-piece = '{ $char }' en la fila { $rank } no es una pieza de { $game ->
    [xiangqi] xiangqi (K A B N R C P, minúscula para Negro, o una cifra para puntos vacíos)
   *[chess] ajedrez (K Q R B N P, minúscula para las negras, o una cifra para casillas vacías)
  }
diag-zero-digit = '0' en la fila { $rank } no es un número de casillas vacías (1–{ $width })
diag-not-a-chess-piece = { $role ->
    [advisor] el consejero
    [cannon] el cañón
   *[other] la pieza { $role }
  } no es una pieza de ajedrez
diag-queen-in-xiangqi = la dama no es una pieza de xiangqi
diag-invalid-side = '{ $text }' no es un turno: usa w ({ $white }) o b (Negro)
diag-invalid-castling = '{ $char }' no es un derecho de enroque (K Q k q, o columnas de torre A–H a–h)
diag-castling-dash = '-' va solo para indicar que no hay enroques (K Q k q, o columnas de torre A–H a–h)
diag-xiangqi-castling = el xiangqi no tiene enroque; el campo de enroque debe ser '-', no '{ $text }'
diag-invalid-ep = '{ $text }' no es una casilla al paso: usa '-' o una casilla como e3
diag-xiangqi-ep = el xiangqi no tiene captura al paso; el campo al paso debe ser '-', no '{ $text }'
diag-invalid-halfmove = el reloj de medias jugadas { $problem ->
    [negative] no puede ser negativo ('{ $text }')
    [large] '{ $text }' es demasiado grande
   *[not-a-number] debe ser un número entero, no '{ $text }'
  }
diag-invalid-fullmove = el número de jugada { $problem ->
    [negative] no puede ser negativo ('{ $text }')
    [large] '{ $text }' es demasiado grande
   *[not-a-number] debe ser un número entero, no '{ $text }'
  }
diag-invalid-operation = operación EPD mal escrita: { $text }
diag-missing-fields = faltan los campos { $first }–6, se leen como `{ $defaults }`
diag-missing-fullmove = falta el número de jugada (campo 6), se lee como 1
diag-extra-whitespace = los espacios de más se ignoran
diag-whitespace-before = los espacios antes del FEN se ignoran
diag-whitespace-after = los espacios después del FEN se ignoran
diag-whitespace-between = los campos { $first } y { $second } están separados por { $gap ->
    [tab] un tabulador
    [line-break] un salto de línea
   *[spaces] { $n } espacios
  }, no por un espacio
diag-fen-prefix = el prefijo '{ $prefix }' no forma parte de un FEN y se ignora
diag-byte-order-mark = el texto empieza con una marca de orden de bytes (U+FEFF), que se ignora
diag-carriage-return = la línea termina en un retorno de carro (fin de línea CRLF), que se ignora
diag-red-side-letter = 'r' (Rojo) se lee como 'w'; Rojo se escribe w
diag-piece-alias = '{ $char }' en la fila { $rank } se lee como { $role ->
    [elephant] el elefante
    [horse] el caballo
   *[other] { $role }
  } '{ $letter }'
diag-consecutive-digits = '{ $run }' en la fila { $rank } se lee como { $sum } casillas vacías; escribe { $sum }
diag-fullmove-zero = el número de jugada 0 se lee como 1 (las jugadas se cuentan desde 1)
diag-duplicate-castling-right = el derecho de enroque '{ $char }' aparece dos veces
diag-castling-order = los derechos de enroque están desordenados: primero las blancas, primero el enroque corto
diag-empty-board = el tablero está vacío; cada bando necesita al menos su rey
diag-missing-king = falta el { $game ->
    [xiangqi] general
   *[chess] rey
  } { $side ->
    [white] blanco
    [red] rojo
   *[black] negro
  }
diag-too-many-kings = hay { $n } { $game ->
    [xiangqi] generales
   *[chess] reyes
  } { $side ->
    [white] blancos
    [red] rojos
   *[black] negros
  }; cada bando tiene exactamente uno
diag-pawns-on-backrank = los peones nunca están en la primera ni en la última fila
diag-invalid-castling-rights = { $who }: no se puede enrocar con la torre de { $rook }
diag-castling-no-rook = { $who }: derecho de enroque con una torre en { $rook }, pero allí no hay torre
diag-castling-no-king = { $who }: derecho de enroque ({ $rook }), pero no hay rey
diag-castling-king-off-rank = { $who }: no se puede enrocar con la torre de { $rook }: el rey no está en la fila { $rank }
diag-castling-two-rooks = { $who }: derechos de enroque para dos torres del mismo lado del rey; solo la exterior puede enrocar
diag-castling-is-chess960 = enrocar con la torre de { $rook } es enroque de Ajedrez960, pero la posición se lee como ajedrez estándar
diag-invalid-ep-square = la casilla al paso { $ep } es imposible: cuando { $side ->
    [white] juegan las blancas
   *[black] juegan las negras
  } debe estar en la fila { $rank }
diag-ep-needs-pawn = la casilla al paso { $ep } necesita un peón { $side ->
    [white] negro
   *[black] blanco
  } que acabe de avanzar dos casillas
diag-ep-path-blocked = casilla al paso { $ep }: el camino del peón debe estar libre
diag-opposite-check = el { $game ->
    [xiangqi] general
   *[chess] rey
  } { $side ->
    [white] blanco
    [red] rojo
   *[black] negro
  } de { $king } está en jaque desde { $from }, pero no es su turno
diag-impossible-check = el rey { $side ->
    [white] blanco
   *[black] negro
  } de { $king } está en jaque desde { $from }: { $why ->
    [ep] la casilla al paso dice que la última jugada fue un avance doble de peón, que no puede dar este jaque
   *[single] ninguna jugada puede dar este jaque
  }
diag-too-much-material = { $who }: { $extra ->
    [0] { $pawns } peones; un bando empieza con 8 y nunca tiene más
   *[other] { $pawns } peones y { $extra } piezas además de las iniciales, cada una un peón coronado: { $total } peones en total, pero un bando solo tiene 8
  }
diag-too-many-pieces = { $who }: { $n } { $role ->
    [advisor] consejeros
    [elephant] elefantes
    [horse] caballos
    [chariot] carros
    [cannon] cañones
    [soldier] soldados
   *[other] piezas
  }; se permiten como mucho { $limit }
diag-king-outside-palace = el general { $side ->
    [red] rojo
   *[xq-black] negro
  } está fuera de su palacio
diag-piece-off-point = { $who }: la pieza no puede estar ahí: { $why ->
    [advisor] los consejeros solo ocupan los 5 puntos de las diagonales del palacio
    [elephant] los elefantes se mueven dos puntos en diagonal y nunca cruzan el río, así que solo llegan a 7 puntos
    [soldier-behind] los soldados nunca retroceden, así que nunca están detrás de su fila inicial
   *[soldier-file] antes de cruzar el río los soldados solo ocupan las columnas a, c, e, g e i
  }
diag-soldiers-one-file = { $who }: los soldados no pueden estar todos ahí: un soldado mantiene su columna hasta cruzar el río, y solo uno empieza en cada columna
diag-pawn-captures = { $who }: sus peones necesitan { $need } capturas, pero { $other } { $lost ->
    [0] no ha perdido ninguna pieza
    [one] solo ha perdido 1 pieza
   *[other] solo ha perdido { $lost } piezas
  }
diag-pawn-files = { $who }: sus peones no pueden haber empezado todos en columnas distintas: un peón solo cambia de columna al capturar, como mucho una vez por fila que avanza
diag-caged-piece = { $who }: la pieza no puede haber llegado ahí
diag-king-caged = { $who }: el rey no puede haber llegado ahí: las piezas que nunca se movieron encierran su casilla inicial
diag-no-origin = { $who }: { $role ->
    [queen] la dama
    [rook] la torre
    [bishop] el alfil
   *[knight] el caballo
  } no puede haber llegado ahí: ninguna pieza original la alcanza y ningún peón puede haber coronado desde donde vendría
diag-too-many-promoted = { $who }: { $n } piezas tienen que ser peones coronados; con { $pawns } peones en el tablero como mucho { $max } pueden haber coronado
diag-castling-moved = { $both ->
    [yes] Blancas y Negras
   *[no] { $who }
  }: no pueden conservar los derechos de enroque { $letters }: su rey y sus torres no se habrían movido nunca, y entonces las piezas no podrían haber llegado adonde están
diag-turn-parity = { $side ->
    [white] deben jugar las blancas
   *[black] deben jugar las negras
  }: con todos los peones en casa y sin capturas solo pueden haberse movido caballos y torres, y su posición lo indica
diag-ep-with-halfmove = la casilla al paso { $ep } dice que un peón acaba de moverse, así que el reloj de medias jugadas debería ser 0, no { $clock }
diag-halfmove-impossible = el reloj de medias jugadas { $clock } supera las { $plies } medias jugadas hechas hasta la jugada { $move }
diag-draw-limit = el reloj de medias jugadas { $clock } alcanza o supera el límite de tablas de { $limit } medias jugadas del { $game ->
    [xiangqi] xiangqi
   *[chess] ajedrez (regla de los 50 movimientos)
  }

## fenboard solve

solve-line = línea { $line }:
solve-keys = { $help ->
    [yes] { $n ->
        [one] 1 solución
       *[other] { $n } soluciones
      }
   *[no] { $n ->
        [one] 1 clave
       *[other] { $n } claves
      }
  }
solve-short-note = {" "}y { $n } cortas
solve-unfinished = sin terminar ({ $keys } por ahora)
solve-no-solution = sin solución
solve-cooked = demolido ({ $keys }{ $short })
solve-only-short = solo soluciones cortas ({ $n })
solve-sound = correcto{ $short }
solve-checks = (todas las jugadas del atacante dan jaque)
solve-bm-agrees = , bm coincide
solve-bm-disagrees = , bm { $bm } no coincide
solve-truncated = (variantes recortadas: demasiadas líneas)
solve-nodes = { $nodes } nodos, { $seconds } s
solve-counts = { $problems ->
    [one] 1 problema
   *[other] { $problems } problemas
  }: { $sound } correctos, { $cooked } demolidos, { $none } sin solución
solve-counts-unfinished = , { $n } sin terminar
solve-counts-bad = , { $n } ilegibles
solve-counts-bm = , { $n } donde bm no coincide

## Mensajes al empezar

newer-rescues = { $names }: cambios sin guardar de { $n ->
    [one] una sesión interrumpida
   *[other] sesiones interrumpidas
  }; compáralos con este archivo

popeye-opened = { $inp } (Popeye) se guarda como { $epd }{ $exists ->
    [yes] , que ya existe: guardar pregunta antes
   *[no] {""}
  }{ $unread ->
    [0] {""}
   *[other] ; { $unread } problemas no leídos (fenboard check dice por qué)
  }

## Modo de juego, reproducción y panel de jugadas

setup-fen-title = FEN inicial
notice-play-started = modo de juego: Enter sobre una pieza y luego sobre su destino; Esc vuelve a la posición inicial
moves-title = Jugadas
play-title = Juego
playback-title = Reproducción
no-moves-yet = aún no hay jugadas
promotion-title = Coronación
promotion-prompt = El peón corona en:
promotion-keys = q dama · r torre · b alfil · n caballo · Esc cancela
line-at-setup = { $total ->
    [0] posición inicial
    [one] posición inicial · 1 jugada
   *[other] posición inicial · { $total } jugadas
  }
line-at-move = jugada { $at } de { $total }
notice-playback-started = { $n ->
    [one] reproducción de 1 jugada: → avanza, Esc vuelve
   *[other] reproducción de { $n } jugadas: → avanza, Esc vuelve
  }
notice-playback-dropped = { $line } ({ $n } no legales aquí, omitidas)
refusal-illegal-position = la posición es ilegal, así que no se juega nada: { $reason }
refusal-no-piece = no hay ninguna pieza en { $square }
refusal-not-your-turn = no es tu turno: { $side ->
    [white] juegan las blancas
    [red] juega Rojo
    [xq-black] juega Negro
   *[black] juegan las negras
  }
refusal-cannot-go = { $role ->
    [king] el rey
    [queen] la dama
    [rook] la torre
    [bishop] el alfil
    [knight] el caballo
    [pawn] el peón
    [general] el general
    [advisor] el consejero
    [elephant] el elefante
    [horse] el caballo
    [chariot] el carro
    [cannon] el cañón
   *[soldier] el soldado
  } de { $from } no puede ir a { $to }
refusal-leaves-in-check = esa jugada deja a tu { $king ->
    [general] general
   *[king] rey
  } en jaque
refusal-needs-promotion = el peón debe coronar: elige la pieza
notice-chosen = { $piece } de { $square } elegido: Enter sobre su destino
notice-choice-cancelled = elección cancelada
notice-took-back = { $move } retirada
notice-nothing-to-take-back = no hay jugada que retirar
notice-kept-as-setup = la posición alcanzada es ahora la inicial (u deshace)
notice-line-start = en la posición inicial
notice-line-end = en la última jugada
notice-setup-back = de vuelta a la posición inicial
notice-leave-line-first = el tablero muestra jugadas: Esc vuelve antes a la posición inicial
notice-falls-off-board = rechazado: una pieza saldría del tablero
notice-rotate-chess-only = rechazado: un tablero de xiangqi no gira 90°

## Resolución y panel de la solución

notice-solve-refused = no resuelto: posición ilegal: { $why }
notice-stipulation-set = condición { $stip } guardada en el registro (se guarda con Ctrl-S)
notice-side-set-for-stipulation = condición { $stip } guardada; { $side ->
    [white] empiezan las blancas
   *[black] empiezan las negras
}, así que ahora el turno es de las { $side ->
    [white] blancas
   *[black] negras
} (u deshace ambas cosas)
notice-solve-cancelled = resolución detenida
notice-solution-stale = la posición cambió desde que se resolvió: S la resuelve de nuevo
stipulation-title = Resolver
stipulation-prompt = Condición:
stipulation-keys = Enter resuelve · Esc cancela · añade tries, checks, setplay, twin …
stipulation-empty = escribe una condición: #2, =3, s#2, h#2, h#2.5
stipulation-word = '{ $word }': solo pueden seguir tries, checks, setplay o twin …
stipulation-twin = gemelo no válido: { $why }
stipulation-no-goal = se esperaba #n, s#n, h#n, h#n.5, r#n, ser-#n, ser-h#n o ser-s#n, u otra meta en lugar de # (= ahogado, + jaque, x captura, % ganar una pieza, ep al paso, 00 enroque; n, un número de jugadas)
stipulation-half-only-in-help = solo los mates de ayuda admiten media jugada (h#n.5)
stipulation-only-half = la única fracción posible es .5 (h#2.5)
stipulation-no-number = falta el número de jugadas tras el signo del objetivo (#2)
stipulation-too-large = el número de jugadas es demasiado grande
stipulation-zero = el número de jugadas debe ser al menos 1
stipulation-too-many = solo se pueden analizar exhaustivamente hasta { $max } jugadas
solution-title = Solución
solution-stale = desfasada
solution-enter = Shift-Tab: entrar
solution-threat = amenaza:
solution-zugzwang = zugzwang
solution-but = pero
solution-short = (corta)
solution-order = { $stip }: { $first ->
    [white] empiezan las blancas
   *[black] empiezan las negras
}; el FEN da el turno a las { $fen ->
    [white] blancas
   *[black] negras
}
solution-forced = aviso: resuelto aunque la posición incumple las reglas: { $why }
solution-short-key = (corta: en { $n })
solution-duals = duales:
solution-no-solution = sin solución
solving = resolviendo { $stip }
solving-first-moves = { $done }/{ $total } primeras jugadas
solving-esc-stops = Esc detiene
solving-stopping = deteniendo…
nodes = { $n } nodos
solution-unfinished = sin terminar (detenida): { $count } hasta ahora
solution-cooked = demolido: { $count }
solution-sound = correcto: { $count }
count-keys = { $n ->
    [one] 1 clave
   *[other] { $n } claves
  }
count-solutions = { $n ->
    [one] 1 solución
   *[other] { $n } soluciones
  }
solve-refused = no resuelto: { $why }

## Keys of the Solution panel, play mode, playback and the transforms

key-mirror-ranks-top-bottom-colours-stay = reflejar filas (arriba↔abajo; los colores se quedan)
key-shift-the-whole-position-one-file = desplazar toda la posición una columna o fila (rechazado si una pieza saldría del tablero)
keys-shift-arrows = Shift+flechas
key-rotate-the-position-a-quarter-turn = girar la posición un cuarto de vuelta a la derecha (ajedrez)
key-play-mode-make-legal-moves-from = modo de juego: hacer jugadas legales desde esta posición (Esc vuelve a ella)
key-focus-fields-panel-fen-line-solution = enfocar panel de campos, línea FEN, panel de la solución (si está abierto), tablero
key-solve-asks-the-stipulation-the-record = resolver: pide la condición (la del registro; + tries, checks), la guarda en el registro y resuelve en segundo plano en el panel de la solución; Esc detiene
key-choose-a-line-of-the-tree = elegir una línea del árbol
key-play-the-chosen-line-on-the = reproducir la línea elegida en el tablero (la posición inicial se queda)
key-copy-the-chosen-line-as-text = copiar la línea elegida como texto con sus números de jugada
key-stop-a-running-solve-here-or = detener la resolución en curso (aquí o en el tablero); si no hay ninguna, cerrar el panel
keys-arrows-g-square = flechas, g + casilla
key-choose-a-piece-then-its-target = elegir una pieza y luego su destino: la jugada se hace si es legal (si no, la línea de mensajes dice por qué); una coronación pregunta la pieza
keys-enter-mouse-drag = Enter, arrastrar con el ratón
key-take-back-the-last-move = retirar la última jugada
key-keep-the-position-reached-as-the = conservar la posición alcanzada como nueva posición inicial (u lo deshace)
key-step-through-the-line-to-its = recorrer la línea, hasta su inicio o su final
key-play-on-from-the-move-shown = seguir jugando desde la jugada mostrada (una jugada nueva descarta el resto de la línea)
key-copy-the-moves-as-pgn-with = copiar las jugadas como PGN (con el [FEN] de la posición inicial)
key-back-to-the-setup-in-play = volver a la posición inicial (en el modo de juego primero se suelta la pieza elegida)
key-as-on-the-board-the-engine = como en el tablero (el motor analiza la posición mostrada)
key-promotion-the-piece-the-pawn-becomes = coronación: la pieza en que se convierte el peón (Enter: dama) / cancelar
key-stipulation-type-it-2-h-2 = condición: escríbela (#2, h#2.5 tries; lo que escribas sustituye a la propuesta seleccionada, una flecha la conserva) / resolver / borrar / cancelar
keys-text-enter-ctrl-u-esc = texto, Enter, Ctrl-U, Esc
hint-play = jugar
hint-copy-line = copiar línea
hint-solve = resolver
hint-line = línea
hint-stop-close = detener/cerrar
hint-from-to = origen/destino
hint-take-back = retirar
hint-step = avanzar
hint-ends = extremos
hint-play-on = seguir
hint-copy-pgn = copiar PGN
hint-setup = inicial
hint-piece = pieza
hint-stipulation = condición
hint-also-tries = también tries

## Avisos del portapapeles y del diagrama

clip-copied-desktop = { $what } copiado (portapapeles { $name })
clip-copied-desktop-while-running = { $what } copiado (portapapeles { $name }, solo mientras fenboard está abierto)
clip-copied-osc52 = { $what } copiado con OSC 52
clip-copied-osc52-tmux = { $what } copiado con OSC 52 (portapapeles de tmux)
clip-copied-osc52-passthrough = { $what } copiado con OSC 52 (paso directo de tmux)
clip-copied-tmux-buffer = { $what } copiado al búfer de tmux
clip-copied-memory = { $what } copiado (portapapeles en memoria)
clip-copy-failed = No se pudo copiar { $what }: { $reason }
clip-pasted-tmux-buffer = Pegado desde el búfer de tmux
clip-pasted-memory = Pegado desde el portapapeles en memoria
clip-pasted-desktop = Pegado desde el portapapeles { $name }
clip-pasted = Pegado
clip-read-failed = No se puede leer el portapapeles: { $reason }
diagram-written-copied = Diagrama escrito: { $svg } + { $png }; imagen copiada ({ $via })
diagram-written-not-copied = Diagrama escrito: { $svg } + { $png }; imagen no copiada: { $why }
diagram-not-written = Diagrama no escrito: { $reason }

# The Record overlay (i): the record's operations.
key-the-record-s-author-and-source = autor y fuente, id, condición, solución y demás operaciones del registro: añadir, cambiar, borrar (abrir / cerrar)
key-choose-a-row = elegir una fila
key-type-the-row-s-value-author = escribir el valor de la fila (autor, id y solución sin comillas; el operando de otra operación tal cual; en la última fila una operación nueva: código y operando)
key-add-an-operation-opcode-and-operand = añadir una operación (código y operando, tras las demás)
key-delete-the-row-s-operation = borrar la operación de la fila
key-undo-redo-each-change-is-one = deshacer / rehacer (cada cambio es un paso)
key-close-the-overlay = cerrar la ventana
key-type-the-value-empty-the-operation = escribir el valor (vacío: se borra la operación)
keys-text-home-end-backspace-delete-ctrl = texto, ← → Inicio Fin, Retroceso Supr, Ctrl-U
key-write-it-into-the-record-one = escribirlo en el registro (un paso de deshacer) / dejarlo como estaba
hint-record = registro
hint-row = fila
hint-edit = editar
hint-add = añadir
hint-undo-redo = deshacer/rehacer
hint-write = escribir
group-record = Ventana del registro
record-title = Registro
record-author = Autor, fuente
record-id = Id
record-stipulation = Condición
record-solution = Solución
record-new = operación nueva…
record-loose = No hay ningún archivo abierto: esto va al título, a S y al diagrama de d, no a un archivo.
record-new-prompt = código y operando, p. ej. c2 "una nota"
record-quote = un valor no puede llevar comillas dobles ("): EPD no tiene forma de escribirlas
record-semicolon = un ; fuera de comillas terminaría ahí la operación: pon el operando entre comillas
record-open-quote = hay unas comillas sin cerrar
record-opcode = '{ $code }' no es un código de operación: una letra y luego letras, cifras o _ (15 como mucho)
record-no-opcode = escribe un código de operación y luego su operando
record-does-not-fit = la línea del registro no se leería igual con esto
notice-operation-set = { $code } puesto en el registro
notice-operation-removed = { $code } quitado del registro
notice-nothing-to-remove = el registro no tiene esa operación

convert-line = línea { $n }
convert-game = partida { $n }
convert-nothing = nada que convertir: la entrada no tiene ningún registro
convert-same-file = -o { $path }: es la entrada; escriba en otro sitio
convert-cannot-read = no se puede leer { $path }: { $why }
convert-move-stops = la jugada { $at } ({ $word }) no es legal ahí; la línea termina antes
