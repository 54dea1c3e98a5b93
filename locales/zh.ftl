# fenboard 的简体中文消息。与 en.ftl 的 id 相同。
# $side 为 white、black、red 或 xq-black（象棋的黑方）。

## 标题、面板、字段

fields-title = 字段
diagnostics-title = 诊断
analysis-title = 分析
fen-title = FEN
help-title = 按键
help-footer = 按 Esc、? 或 F1 关闭帮助
help-scroll = ↑↓ 滚动
help-position = （{ $first }–{ $last }，共 { $total }）
title-help = {" "}? 帮助{" "}
modified-mark = 已修改
record-counter = 记录 { $current }/{ $count }
no-problems = 未发现问题
epd-operations = EPD 操作
too-small-title = 终端太小
too-small-quit = Ctrl-Q 退出，Ctrl-C 中止
too-small = { $size }，至少需要 { $needed }
not-parsed = 无法读取该 FEN；棋盘显示最后一个可读的 FEN
field-ref = 字段 { $field }
more-lines = … 还有 { $n } 行
goto-pending = 跳到格子：{ $typed }_  （Esc 取消）

field-placement = 棋子位置
field-side = 行棋方
field-castling = 易位权
field-ep = 吃过路兵目标格
field-halfmove = 半回合计数
field-fullmove = 回合数
field-short-placement = 位置
field-short-side = 行棋方
field-short-castling = 易位
field-short-ep = 过路兵
field-short-halfmove = 半回合
field-short-fullmove = 回合

game-chess = 国际象棋
game-chess960 = 国际象棋960
game-xiangqi = 象棋

## 双方与棋子

side = { $side ->
    [white] 白方
    [red] 红方
    *[black] 黑方
  }
to-move = { $side ->
    [white] 白方
    [red] 红方
    *[black] 黑方
  }走棋
piece-white-king = 白王
piece-white-queen = 白后
piece-white-rook = 白车
piece-white-bishop = 白象
piece-white-knight = 白马
piece-white-pawn = 白兵
piece-black-king = 黑王
piece-black-queen = 黑后
piece-black-rook = 黑车
piece-black-bishop = 黑象
piece-black-knight = 黑马
piece-black-pawn = 黑兵
piece-red-general = 红帅
piece-red-advisor = 红仕
piece-red-elephant = 红相
piece-red-horse = 红马
piece-red-chariot = 红车
piece-red-cannon = 红炮
piece-red-soldier = 红兵
piece-black-general = 黑将
piece-black-advisor = 黑士
piece-black-elephant = 黑象
piece-black-horse = 黑马
piece-black-chariot = 黑车
piece-black-cannon = 黑炮
piece-black-soldier = 黑卒

## 状态行

status-legal = 合法
status-illegal = 不合法：{ $n } 个错误
status-legal-moves = { $n } 种合法着法
status-check = 将军
status-checkmate = 将杀：{ $side ->
    [white] 白方
    *[black] 黑方
  }胜
status-xiangqi-checkmate = 绝杀：{ $side ->
    [red] 红方
    *[xq-black] 黑方
  }胜
status-stalemated = 困毙：{ $side ->
    [red] 红方
    *[xq-black] 黑方
  }胜
status-stalemate = 逼和

## 分析面板

engine = 引擎
engine-starting = 正在启动引擎…
engine-game-over = 没有合法着法：无可分析
engine-depth = 深度 { $depth }
engine-not-sent = 局面不合法：未发送给引擎
engine-not-sent-why = 局面不合法，未发送：{ $why }
engine-unavailable = 无法分析：{ $reason }

## 对话框

confirm-delete-title = 删除记录
confirm-delete = 从集合中删除这条记录？
confirm-delete-keys = y 删除 · n 保留
confirm-quit-title = 有未保存的修改
confirm-quit = 集合有未保存的修改。
confirm-quit-keys = s 保存并退出 · d 放弃并退出 · c 取消
changed-on-disk-title = 文件已在磁盘上被修改
changed-on-disk = fenboard 读取文件后，另一个程序修改了它。
changed-on-disk-keys = o 覆盖 · r 重新读取（放弃你的修改） · c 取消
quit-unread-title = 无法读取 FEN
quit-unread = 无法读取 FEN 行：没有可输出的 FEN。
quit-unread-keys = q 退出且不输出（退出状态 1） · c 取消
quit-unread-note = 无法读取 FEN 行：未输出 FEN
chess960-title = 国际象棋960 初始局面
chess960-prompt = 编号 0–959（留空或 r：随机）：
chess960-keys = Enter 应用 · Esc 取消

## 提示消息

notice-goto-cancelled = 已取消跳格
notice-not-a-square = { $text } 不是本棋盘的格子
notice-unbound = { $key }：此处不是可用按键（按 ? 查看按键）
notice-picked-up = 拿起了 { $square } 的{ $piece }：Enter 放下，Esc 放回
notice-dropped = { $piece }放在 { $square }
notice-pick-up-cancelled = 已取消拿起
notice-nothing-to-pick-up = { $square } 上没有可拿起的棋子
notice-no-brush = 请先输入棋子字母：点击会放置最后放过的棋子
notice-undone = 已撤销
notice-redone = 已重做
notice-nothing-to-undo = 没有可撤销的操作
notice-nothing-to-redo = 没有可重做的操作
notice-game-switched = 已切换到{ $game }
notice-chess960-start = 国际象棋960 初始局面 { $n }
notice-not-a-chess960-number = { $text } 不是 0 到 959 之间的数
notice-castling-impossible = { $side ->
    [white] 白方
    *[black] 黑方
  }不能{ $wing ->
    [king] 短易位
    *[queen] 长易位
  }：王或车不在原位
notice-castling-needs-chess960 = { $side ->
    [white] 白方
    *[black] 黑方
  }{ $wing ->
    [king] 短易位
    *[queen] 长易位
  }：只有国际象棋960 的王车易位允许此权利（空格键切换）
notice-not-in-xiangqi = 象棋没有王车易位，也没有吃过路兵
notice-no-ep-candidates = 没有兵可能刚走了两格
notice-pasted = 已载入粘贴的 FEN（u 撤销）
notice-paste-has-errors = 无法读取粘贴的文本：请在 FEN 行中修改
notice-pgn-loaded = 已载入 PGN 棋局：{ $n } 步，位于终局（= 设为初始局面，Esc 显示开局）
notice-pgn-first-of = { $line }；共 { $games } 局中的第一局
notice-pgn-stopped = { $line }；第 { $at } 步（{ $move }）无法读取或在此不合法，棋谱在其前结束
notice-pgn-unread = 粘贴的 PGN 无法载入：{ $reason }
pgn-no-game = 其中没有棋局
pgn-bad-fen = 第 { $game } 局的 FEN 标签无法读取：{ $fen }
pgn-variant = 第 { $game } 局是此处不支持的变体：{ $name }
notice-paste-empty = 没有可粘贴的内容
notice-fen-applied = 已应用 FEN
notice-fen-line-has-errors = FEN 行有错误：请修改，或按 Esc 恢复
notice-record-has-errors = 无法读取记录 { $n }：其文本在 FEN 行中（/ 编辑）
notice-no-collection = 没有打开的集合（fenboard 文件.fen 打开一个）
notice-first-record = 这是第一条记录
notice-last-record = 这是最后一条记录
notice-record-added = 已添加记录 { $n }
notice-record-deleted = 已删除记录 { $n }
notice-only-record = 集合的唯一记录不能删除
notice-saving = 正在保存…
notice-saved = 已保存
notice-save-failed = 保存失败：{ $why }
notice-not-saved = 未保存：磁盘上的文件保持另一个程序留下的样子
notice-reloaded = 已从磁盘重新读取：未保存的修改已放弃
notice-reload-failed = 重新读取失败：{ $why }
notice-clock-at-max = 计数最大为 { $max }
notice-copy-failed = 复制失败：{ $why }
notice-paste-failed = 粘贴失败：{ $why }
notice-popeye-pasted = 已载入粘贴的 Popeye 题目 { $stip }（S 求解，u 撤销）
notice-popeye-not-read = 无法读取粘贴的 Popeye 文本：{ $why }

## 帮助：分组与按键表

group-board = 棋盘
group-fields = 字段面板
group-fen-line = FEN 行
group-anywhere = 任何地方
group-questions = 提问
group-help = 帮助
group-solution = 解答栏
group-moves = 走子与回放

key-move-the-cursor = 移动光标
keys-arrows = 方向键
key-jump-the-cursor-esc-or-a = 光标跳到格子；Esc 或错误按键取消
keys-g-square-g-e4 = g + 格子 (g e4)
key-put-that-piece-on-the-cursor = 在光标格放上该棋子（大写为白方/红方，小写为黑方）；国际象棋 K Q R B N P，象棋 K A B N R C P（E = B，H = N）
keys-a-piece-letter = 棋子字母
key-empty-the-square = 清空该格
key-pick-up-the-piece-under-the = 拿起光标下的棋子；再按 Enter 放下
key-toggle-side-to-move-clears-the = 切换行棋方（清除过路兵格）
key-flip-the-view-not-the-position = 翻转视图（不改变局面）
key-swap-colours-mirror-ranks-swap-piece = 交换颜色（上下镜像，交换棋子颜色、行棋方和易位权）
key-mirror-files-a-h = 左右镜像 (a↔h)
key-clear-the-board = 清空棋盘
key-initial-position-chess960-a-number-0 = 初始局面（国际象棋960：编号 0–959，或 Enter/r 随机）
key-switch-game-chess-xiangqi = 切换棋类（国际象棋 ↔ 象棋）
key-undo = 撤销
key-redo = 重做
key-copy-the-fen-to-the-clipboard = 把 FEN 复制到剪贴板
key-copy-a-lichess-analysis-url-of = 复制该局面的 lichess 分析网址
key-write-the-record-s-diagram-svg = 写出记录的棋图（SVG、PNG）并复制图片
key-paste-a-fen-or-a-pgn = 从剪贴板粘贴 FEN 或 PGN 棋局
key-edit-the-fen-line = 编辑 FEN 行
key-help-this-list = 帮助（本列表）
key-analysis-panel-a-uci-engine-evaluates = 分析面板：UCI 引擎在你编辑时评估局面（打开 / 关闭）
key-previous-next-record-of-a-collection = 集合的上一条 / 下一条记录
key-add-a-record-after-this-one = 在此记录后添加一条（此局面的副本）
key-delete-this-record-asks = 删除此记录（会询问）
key-save-the-collection = 保存集合
key-quit-and-print-the-fen-asks = 退出并输出 FEN（集合有未保存修改或 FEN 行无法读取时会询问）
key-abort-print-nothing-exit-status-130 = 中止：不输出任何内容，退出状态 130
key-close-an-overlay-cancel-a-pending = 关闭浮层，取消待定按键或拿起，焦点回到棋盘
key-choose-the-field = 选择字段
key-side-to-move-change-it = 行棋方：切换
key-toggle-a-castling-right-only-where = 切换一项易位权（仅当王和车的位置允许）
key-castling-field-switch-standard-chess960-castling = 易位字段：切换标准 ↔ 国际象棋960 易位
key-ep-field-cycle-the-plausible-squares = 过路兵字段：轮换可能的格子和 -
key-clocks-type-the-value = 计数：输入数值
keys-digits-backspace = 数字, Backspace
key-clocks-count-up-down-up-to = 计数：增加 / 减少（最大 99999）
keys-or = + -（或 ← →）
key-as-on-the-board = 与棋盘上相同
key-back-to-the-board = 回到棋盘
key-move-in-the-text = 在文本中移动
key-delete-a-character = 删除一个字符
key-delete-to-the-start-of-the = 删除到行首
key-apply-the-text-the-board-previews = 应用文本（可读时棋盘会预览）
key-restore-the-fen-of-the-position = 恢复局面的 FEN
key-apply-a-text-that-reads-and = 应用可读的文本并前进（不可读的文本保留）
key-type-them-at-the-cursor = 在光标处输入
keys-other-characters = 其他字符
key-load-a-fen-that-reads-as = 可读的 FEN 作为一步撤销载入，PGN 棋局在对弈模式中载入到终局，否则连同错误在 FEN 行中打开（在 FEN 行中：插入到光标处）
keys-paste-terminal = 粘贴（终端）
key-put-the-brush-the-last-piece = 在格子上放置画笔（最后放过的棋子）
keys-mouse-left-click = 鼠标左键单击
key-move-a-piece-dragging-off-the = 移动棋子；拖出棋盘即删除
keys-mouse-drag = 鼠标拖动
keys-mouse-right-click = 鼠标右键单击
key-select-it-side-and-ep-change = 选中它（行棋方和过路兵：切换）
keys-click-on-a-panel-field = 单击面板中的字段
key-abort = 中止
key-delete-this-record-yes-no = 删除此记录？是 / 否
key-unsaved-changes-save-and-quit-discard = 未保存的修改：保存并退出 / 放弃并退出 / 取消
key-file-changed-on-disk-overwrite-it = 文件已在磁盘上被修改：覆盖 / 重新读取（放弃你的修改） / 取消
key-the-fen-line-does-not-read = FEN 行无法读取：退出且不输出（退出状态 1） / 取消
key-chess960-number-type-it-random-cancel = 国际象棋960 编号：输入 / 随机 / 取消
keys-digits-enter-r-esc = 数字, Enter, r, Esc
key-close-the-help = 关闭帮助
key-scroll-the-help = 滚动帮助
hint-move = 移动
hint-put = 放子
hint-empty = 清空
hint-pick-drop = 拿起/放下
hint-undo = 撤销
hint-copy = 复制
hint-fields = 字段
hint-fen-line = FEN 行
hint-edit-fen = 编辑 FEN
hint-help = 帮助
hint-analyse = 分析
hint-quit = 退出
hint-board = 棋盘
hint-restore = 恢复
hint-field = 字段
hint-change = 切换
hint-castling = 易位
hint-clocks = 计数
hint-clear-to-start = 删到行首
hint-apply = 应用
hint-delete = 删除
hint-keep = 保留
hint-save-and-quit = 保存并退出
hint-discard-and-quit = 放弃并退出
hint-cancel = 取消
hint-overwrite = 覆盖
hint-reload-drop-mine = 重新读取（放弃我的）
hint-quit-print-nothing = 退出，不输出
hint-number = 编号
hint-apply-empty-random = 应用（留空：随机）
hint-close = 关闭
hint-scroll = 滚动

## 诊断：按代码，某代码有多条消息时按消息。

diag-empty-input = FEN 为空
diag-invalid-utf8 = 该行不是有效的 UTF-8（以 U+FFFD 显示）
diag-nul-byte = 文本含有 { $n } 个 NUL 字节，FEN 中不会有
diag-line-too-long = 该行长 { $len } 字节；FEN 不会超过 { $max } 字节，因此不予读取
diag-more-problems = 还有 { $count } 个与上面类似的问题（{ $code }）未逐一列出
diag-too-many-fields = 回合数之后多了 { $n } 个字段；FEN 只有六个字段
diag-wrong-rank-count = 棋盘有 { $ranks } 行，{ $game ->
    [xiangqi] 象棋
   *[chess] 国际象棋
  }棋盘有 { $height } 行{ $extra ->
    [yes] ；多余的行被忽略
   *[no] {""}
  }
diag-wrong-rank-width = 第 { $rank } 行有 { $files } 格，{ $game ->
    [xiangqi] 象棋
   *[chess] 国际象棋
  }每行 { $width } 格
diag-empty-rank = 第 { $rank } 行为空；空行请写 { $width }
diag-invalid-piece = 第 { $rank } 行的 '{ $char }' 不是{ $game ->
    [xiangqi] 象棋棋子（K A B N R C P，小写为黑方，数字表示空点）
   *[chess] 国际象棋棋子（K Q R B N P，小写为黑方，数字表示空格）
  }
diag-zero-digit = 第 { $rank } 行的 '0' 不是空格数（1–{ $width }）
diag-not-a-chess-piece = { $role ->
    [advisor] 仕（士）
    [cannon] 炮
   *[other] 该棋子
  }不是国际象棋棋子
diag-queen-in-xiangqi = 后不是象棋棋子
diag-invalid-side = '{ $text }' 不是行棋方：请用 w（{ $white }）或 b（黑方）
diag-invalid-castling = '{ $char }' 不是易位权（K Q k q，或车所在列 A–H a–h）
diag-castling-dash = '-' 单独使用，表示没有易位权（K Q k q，或车所在列 A–H a–h）
diag-xiangqi-castling = 象棋没有王车易位；易位字段必须是 '-'，不能是 '{ $text }'
diag-invalid-ep = '{ $text }' 不是吃过路兵格：请用 '-' 或 e3 这样的格子
diag-xiangqi-ep = 象棋没有吃过路兵；过路兵字段必须是 '-'，不能是 '{ $text }'
diag-invalid-halfmove = 半回合计数{ $problem ->
    [negative] 不能为负数（'{ $text }'）
    [large] '{ $text }' 太大
   *[not-a-number] 必须是整数，不能是 '{ $text }'
  }
diag-invalid-fullmove = 回合数{ $problem ->
    [negative] 不能为负数（'{ $text }'）
    [large] '{ $text }' 太大
   *[not-a-number] 必须是整数，不能是 '{ $text }'
  }
diag-invalid-operation = EPD 操作写法有误：{ $text }
diag-missing-fields = 缺少字段 { $first }–6，按 `{ $defaults }` 读取
diag-missing-fullmove = 缺少回合数（字段 6），按 1 读取
diag-extra-whitespace = 多余的空白被忽略
diag-whitespace-before = FEN 之前的空白被忽略
diag-whitespace-after = FEN 之后的空白被忽略
diag-whitespace-between = 字段 { $first } 和 { $second } 之间隔着{ $gap ->
    [tab] 一个制表符
    [line-break] 一个换行
   *[spaces] { $n } 个空格
  }，而不是一个空格
diag-fen-prefix = 前缀 '{ $prefix }' 不属于 FEN，已忽略
diag-byte-order-mark = 文本以字节顺序标记（U+FEFF）开头，已忽略
diag-carriage-return = 该行以回车符结尾（CRLF 换行），已忽略
diag-red-side-letter = 'r'（红方）按 'w' 读取；红方写作 w
diag-piece-alias = 第 { $rank } 行的 '{ $char }' 按{ $role ->
    [elephant] 相（象）
    [horse] 马
   *[other] { $role }
  } '{ $letter }' 读取
diag-consecutive-digits = 第 { $rank } 行的 '{ $run }' 按 { $sum } 个空格读取；请写 { $sum }
diag-fullmove-zero = 回合数 0 按 1 读取（回合从 1 开始计数）
diag-duplicate-castling-right = 易位权 '{ $char }' 重复出现
diag-castling-order = 易位权顺序不对：先写白方，先写王翼
diag-empty-board = 棋盘为空；每方至少需要自己的王
diag-missing-king = { $who }没有{ $game ->
    [xiangqi] 将帅
   *[chess] 王
  }
diag-too-many-kings = { $who }有 { $n } 个{ $game ->
    [xiangqi] 将帅
   *[chess] 王
  }；每方只能有一个
diag-pawns-on-backrank = 兵不会站在第一行或最后一行
diag-invalid-castling-rights = { $who }不能与 { $rook } 的车易位
diag-castling-no-rook = { $who }有与 { $rook } 的车易位的权利，但那里没有车
diag-castling-no-king = { $who }有易位权（{ $rook }），但没有王
diag-castling-king-off-rank = { $who }不能与 { $rook } 的车易位：王不在第 { $rank } 行
diag-castling-two-rooks = { $who }对王同一侧的两个车都有易位权；只有外侧的车能易位
diag-castling-is-chess960 = 与 { $rook } 的车易位属于国际象棋960 的王车易位，但该局面按标准国际象棋读取
diag-invalid-ep-square = 吃过路兵格 { $ep } 不可能：{ $who }走棋时它必须在第 { $rank } 行
diag-ep-needs-pawn = 吃过路兵格 { $ep } 需要一个刚走了两格的{ $mover }兵
diag-ep-path-blocked = 吃过路兵格 { $ep }：兵经过的格子必须为空
diag-opposite-check = { $who }位于 { $king } 的{ $game ->
    [xiangqi] 将帅
   *[chess] 王
  }被 { $from } 将军，但并非{ $who }走棋
diag-impossible-check = { $who }位于 { $king } 的王被 { $from } 将军：{ $why ->
    [ep] 吃过路兵格表明上一步是兵走两格，这不可能形成此将军
   *[single] 没有哪一步棋能形成此将军
  }
diag-too-much-material = { $extra ->
    [0] { $who }有 { $pawns } 个兵；每方开局 8 个兵，不会更多
   *[other] { $who }有 { $pawns } 个兵和 { $extra } 个超出初始配置的棋子，每个都是升变的兵：共 { $total } 个兵，但每方只有 8 个
  }
diag-too-many-pieces = { $who }有 { $n } 个{ $role ->
    [advisor] 仕（士）
    [elephant] 相（象）
    [horse] 马
    [chariot] 车
    [cannon] 炮
    [soldier] 兵（卒）
   *[other] 棋子
  }；最多允许 { $limit } 个
diag-king-outside-palace = { $who }的将帅在九宫之外
diag-piece-off-point = { $who }的棋子不可能在那里：{ $why ->
    [advisor] 仕（士）只在九宫斜线的 5 个点上
    [elephant] 相（象）斜走两点且不过河，只能到达 7 个点
    [soldier-behind] 兵（卒）不能后退，不会在起始行之后
   *[soldier-file] 兵（卒）过河前只在 a、c、e、g、i 列
  }
diag-soldiers-one-file = { $who }的兵（卒）不可能都在那里：兵过河前不离开本列，每列只有一个兵起步
diag-pawn-captures = { $who }的兵需要吃子 { $need } 次，但{ $other }{ $lost ->
    [0] 没有损失棋子
   *[other] 只损失了 { $lost } 个棋子
  }
diag-pawn-files = { $who }的兵不可能都来自不同的列：兵只有吃子才换列，每前进一行最多一次
diag-caged-piece = { $who }的棋子不可能到达那里
diag-king-caged = { $who }的王不可能到达那里：从未动过的棋子封住了它的起始格
diag-no-origin = { $who }的{ $role ->
    [queen] 后
    [rook] 车
    [bishop] 象
   *[knight] 马
  }不可能到达那里：没有原有棋子能到达，也没有兵能在其来路上升变
diag-too-many-promoted = { $who }有 { $n } 个棋子必须是升变的兵；棋盘上有 { $pawns } 个兵，最多只能有 { $max } 个升变
diag-castling-moved = { $both ->
    [yes] 白方和黑方
   *[no] { $who }
  }不可能仍有易位权 { $letters }：那样王和车从未动过，其他棋子就无法到达现在的位置
diag-turn-parity = 应由{ $who }走棋：所有兵都在原位且没有吃子，只有马和车可能动过，它们的位置说明了这一点
diag-ep-with-halfmove = 吃过路兵格 { $ep } 表明刚有兵走动，半回合计数应为 0，而不是 { $clock }
diag-halfmove-impossible = 半回合计数 { $clock } 超过了到第 { $move } 回合为止的 { $plies } 个半回合
diag-draw-limit = 半回合计数 { $clock } 已达到或超过{ $game ->
    [xiangqi] 象棋
   *[chess] 国际象棋（50 回合规则）
  }的 { $limit } 个半回合和棋限制

## fenboard solve

solve-line = 第 { $line } 行：
solve-keys = { $help ->
    [yes] { $n } 个解
   *[no] { $n } 个关键着
  }
solve-short-note = {" "}及 { $n } 个短解
solve-unfinished = 未完成（目前 { $keys }）
solve-no-solution = 无解
solve-cooked = 多解（{ $keys }{ $short }）
solve-only-short = 只有短解（{ $n }）
solve-sound = 正解唯一{ $short }
solve-checks = （攻方每步都将军）
solve-bm-agrees = ，bm 一致
solve-bm-disagrees = ，bm { $bm } 不一致
solve-truncated = （变着已截断：行数太多）
solve-nodes = { $nodes } 个节点，{ $seconds } 秒
solve-counts = { $problems } 道题：{ $sound } 道正解唯一，{ $cooked } 道多解，{ $none } 道无解
solve-counts-unfinished = ，{ $n } 道未完成
solve-counts-bad = ，{ $n } 道无法读取
solve-counts-bm = ，{ $n } 道 bm 不一致

## 启动时的消息

newer-rescues = { $names }：被终止的会话留下的未保存修改；请与此文件比较

popeye-opened = { $inp }（Popeye）保存为 { $epd }{ $exists ->
    [yes] ，该文件已存在：保存前会先询问
   *[no] {""}
  }{ $unread ->
    [0] {""}
   *[other] ；{ $unread } 道题未能读取（fenboard check 会说明原因）
  }

## 走子模式、回放与着法栏

setup-fen-title = 初始 FEN
notice-play-started = 走子模式：在棋子上按 Enter，再在目标格上按 Enter；Esc 回到初始局面
moves-title = 着法
play-title = 走子
playback-title = 回放
no-moves-yet = 尚无着法
promotion-title = 升变
promotion-prompt = 兵升变为：
promotion-keys = q 后 · r 车 · b 象 · n 马 · Esc 取消
line-at-setup = { $total ->
    [0] 初始局面
   *[other] 初始局面 · { $total } 步
  }
line-at-move = 第 { $at } 步，共 { $total } 步
notice-playback-started = 回放 { $n } 步：→ 前进，Esc 返回
notice-playback-dropped = { $line }（{ $n } 步在此不合法，已略去）
refusal-illegal-position = 局面不合法，不能走子：{ $reason }
refusal-no-piece = { $square } 上没有棋子
refusal-not-your-turn = 还没轮到你：{ $side ->
    [white] 白方
    [red] 红方
   *[black] 黑方
  }走棋
refusal-cannot-go = { $role ->
    [king] 王
    [queen] 后
    [rook] 车
    [bishop] 象
    [knight] 马
    [pawn] 兵
    [general] 将帅
    [advisor] 仕士
    [elephant] 相象
    [horse] 马
    [chariot] 车
    [cannon] 炮
   *[soldier] 兵卒
  }不能从 { $from } 走到 { $to }
refusal-leaves-in-check = 这步棋会让己方的{ $king ->
    [general] 将帅
   *[king] 王
  }被将军
refusal-needs-promotion = 兵必须升变：请选择升变的棋子
notice-chosen = 已选 { $square } 上的{ $piece }：在目标格上按 Enter
notice-choice-cancelled = 已取消选择
notice-took-back = 已悔棋：{ $move }
notice-nothing-to-take-back = 没有可悔的着法
notice-kept-as-setup = 当前局面已设为初始局面（u 撤销）
notice-line-start = 已在初始局面
notice-line-end = 已在最后一步
notice-setup-back = 已回到初始局面
notice-leave-line-first = 棋盘正在显示着法：先按 Esc 回到初始局面
notice-falls-off-board = 拒绝：会有棋子移出棋盘
notice-rotate-chess-only = 拒绝：象棋棋盘不能旋转 90°

## 解题与解答栏

notice-solve-refused = 未解：局面不合法：{ $why }
notice-stipulation-set = 要求 { $stip } 已存入记录（Ctrl-S 保存）
notice-side-set-for-stipulation = 要求 { $stip } 已存入；此要求由{ $side ->
    [white] 白方
   *[black] 黑方
}先走，走子方已改为{ $side ->
    [white] 白方
   *[black] 黑方
}（u 一并撤销）
notice-solve-cancelled = 已停止解题
notice-solution-stale = 解题后局面已改变：按 S 重新求解
stipulation-title = 解题
stipulation-prompt = 要求：
stipulation-keys = Enter 求解 · Esc 取消 · 可加 tries、checks、setplay、twin …
stipulation-empty = 请输入要求：#2、=3、s#2、h#2、h#2.5
stipulation-word = “{ $word }”：后面只能跟 tries、checks、setplay 或 twin …
stipulation-twin = 孪生局无效：{ $why }
stipulation-no-goal = 应为 #n、s#n、h#n、h#n.5、r#n、ser-#n、ser-h#n 或 ser-s#n，或以其他目标代替 #（= 逼和，+ 将军，x 吃子，% 得子，ep 吃过路兵，00 王车易位；n 为回合数）
stipulation-half-only-in-help = 只有协助杀可以多半步（h#n.5）
stipulation-only-half = 小数只能是 .5（h#2.5）
stipulation-no-number = 目标符号后应为回合数（#2）
stipulation-too-large = 回合数太大
stipulation-zero = 回合数至少为 1
stipulation-too-many = 最多只能穷尽搜索 { $max } 回合
solution-title = 解
solution-stale = 已过期
solution-enter = Shift-Tab 进入
solution-threat = 威胁
solution-zugzwang = 等着
solution-but = 但
solution-short = （短）
solution-order = { $stip }：{ $first ->
    [white] 白方
   *[black] 黑方
}先走；FEN 中轮到{ $fen ->
    [white] 白方
   *[black] 黑方
}
solution-forced = 警告：局面违反规则，仍已求解：{ $why }
solution-short-key = （短：{ $n } 步）
solution-duals = 双着
solution-no-solution = 无解
solving = 正在求解 { $stip }
solving-first-moves = 首着 { $done }/{ $total }
solving-esc-stops = Esc 停止
solving-stopping = 正在停止…
nodes = { $n } 节点
solution-unfinished = 未完成（已停止）：目前已证 { $count }
solution-cooked = 多解：{ $count }
solution-sound = 唯一：{ $count }
count-keys = { $n } 个关键着
count-solutions = { $n } 个解
solve-refused = 未解：{ $why }

## Keys of the Solution panel, play mode, playback and the transforms

key-mirror-ranks-top-bottom-colours-stay = 上下镜像（上↔下；颜色不变）
key-shift-the-whole-position-one-file = 整个局面平移一列或一行（有棋子会移出棋盘时拒绝）
keys-shift-arrows = Shift+方向键
key-rotate-the-position-a-quarter-turn = 局面顺时针旋转 90°（国际象棋）
key-play-mode-make-legal-moves-from = 走子模式：从此局面走合法着法（Esc 回到此局面）
key-focus-fields-panel-fen-line-solution = 焦点切换：字段面板、FEN 行、解答栏（打开时）、棋盘
key-solve-asks-the-stipulation-the-record = 解题：询问要求（记录中的；可加 tries、checks），存入记录，在后台求解并显示在解答栏；Esc 停止
key-choose-a-line-of-the-tree = 选择解答树中的一行
key-play-the-chosen-line-on-the = 在棋盘上回放所选的着法（初始局面不变）
key-copy-the-chosen-line-as-text = 复制所选着法（文字，带回合数）
key-stop-a-running-solve-here-or = 停止正在进行的求解（此处或棋盘上）；没有求解时关闭解答栏
keys-arrows-g-square = 方向键、g + 格子
key-choose-a-piece-then-its-target = 先选棋子，再选目标格：着法合法就走出（否则消息行说明原因）；升变时询问棋子
keys-enter-mouse-drag = Enter、鼠标拖动
key-take-back-the-last-move = 悔一步
key-keep-the-position-reached-as-the = 把当前局面设为新的初始局面（u 撤销）
key-step-through-the-line-to-its = 逐步浏览着法，或跳到开头、结尾
key-play-on-from-the-move-shown = 从显示的这一步接着走（新着法会舍去后面的着法）
key-copy-the-moves-as-pgn-with = 把着法复制为 PGN（带初始局面的 [FEN]）
key-back-to-the-setup-in-play = 回到初始局面（走子模式下先放下所选棋子）
key-as-on-the-board-the-engine = 同棋盘（引擎分析显示的局面）
key-promotion-the-piece-the-pawn-becomes = 升变：兵变成的棋子（Enter：后）/ 取消
key-stipulation-type-it-2-h-2 = 要求：输入（#2、h#2.5 tries；输入会替换选中的预填内容，方向键保留它）/ 求解 / 清空 / 取消
keys-text-enter-ctrl-u-esc = 文字、Enter、Ctrl-U、Esc
hint-play = 走子
hint-copy-line = 复制着法
hint-solve = 解题
hint-line = 选行
hint-stop-close = 停止/关闭
hint-from-to = 起/止
hint-take-back = 悔棋
hint-step = 步进
hint-ends = 首尾
hint-play-on = 接着走
hint-copy-pgn = 复制 PGN
hint-setup = 初始局面
hint-piece = 棋子
hint-stipulation = 要求
hint-also-tries = 含试着

## 剪贴板与图示提示

clip-copied-desktop = 已复制 { $what }（{ $name } 剪贴板）
clip-copied-desktop-while-running = 已复制 { $what }（{ $name } 剪贴板，仅在 fenboard 运行时有效）
clip-copied-osc52 = 已通过 OSC 52 复制 { $what }
clip-copied-osc52-tmux = 已通过 OSC 52 复制 { $what }（tmux 剪贴板）
clip-copied-osc52-passthrough = 已通过 OSC 52 复制 { $what }（tmux 直通）
clip-copied-tmux-buffer = 已复制 { $what } 到 tmux 缓冲区
clip-copied-memory = 已复制 { $what }（内存剪贴板）
clip-copy-failed = 无法复制 { $what }：{ $reason }
clip-pasted-tmux-buffer = 已从 tmux 缓冲区粘贴
clip-pasted-memory = 已从内存剪贴板粘贴
clip-pasted-desktop = 已从 { $name } 剪贴板粘贴
clip-pasted = 已粘贴
clip-read-failed = 无法读取剪贴板：{ $reason }
diagram-written-copied = 图示已写入：{ $svg } + { $png }；图片已复制（{ $via }）
diagram-written-not-copied = 图示已写入：{ $svg } + { $png }；图片未复制：{ $why }
diagram-not-written = 图示未写入：{ $reason }

# The Record overlay (i): the record's operations.
key-the-record-s-author-and-source = 记录的作者与出处、id、要求、解答及其他操作：添加、修改、删除（打开 / 关闭）
key-choose-a-row = 选择一行
key-type-the-row-s-value-author = 输入该行的值（作者、id 和解答不加引号；其他操作的操作数照原样；最后一行为新操作：操作码和操作数）
key-add-an-operation-opcode-and-operand = 添加操作（操作码和操作数，放在其他操作之后）
key-delete-the-row-s-operation = 删除该行的操作
key-undo-redo-each-change-is-one = 撤销 / 重做（每次修改为一步）
key-close-the-overlay = 关闭窗口
key-type-the-value-empty-the-operation = 输入值（留空：删除该操作）
keys-text-home-end-backspace-delete-ctrl = 文字、← → Home End、Backspace Delete、Ctrl-U
key-write-it-into-the-record-one = 写入记录（一步撤销）/ 保持原样
hint-record = 记录
hint-row = 行
hint-edit = 编辑
hint-add = 添加
hint-undo-redo = 撤销/重做
hint-write = 写入
group-record = 记录窗口
record-title = 记录
record-author = 作者、出处
record-id = Id
record-stipulation = 要求
record-solution = 解答
record-new = 新操作…
record-loose = 未打开文件：这些内容用于标题、S 和 d 的图，不写入文件。
record-new-prompt = 操作码和操作数，例如 c2 "备注"
record-quote = 值中不能有双引号（"）：EPD 无法表示
record-semicolon = 引号外的 ; 会在此结束操作：请把操作数放进引号
record-open-quote = 有引号未闭合
record-opcode = “{ $code }”不是操作码：以字母开头，其后为字母、数字或 _（最多 15 个）
record-no-opcode = 请输入操作码，然后是操作数
record-does-not-fit = 加入后记录行将无法原样读回
notice-operation-set = 已在记录中设置 { $code }
notice-operation-removed = 已从记录中删除 { $code }
notice-nothing-to-remove = 记录中没有此操作

convert-line = 第 { $n } 行
convert-game = 第 { $n } 局
convert-nothing = 无可转换：输入中没有记录
convert-same-file = -o { $path }：那就是输入文件；请写到别处
convert-cannot-read = 无法读取 { $path }：{ $why }
convert-move-stops = 第 { $at } 步（{ $word }）在那里不合法；着法在它之前结束
