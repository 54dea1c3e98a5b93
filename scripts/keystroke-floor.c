// The floor of a keystroke on this machine, for scripts/measure-app.sh to measure beside
// fenboard: one thread in raw mode waits in epoll for the terminal, reads the key and writes a
// 480-byte frame of escape codes and text, as fenboard does for an arrow key, with no drawing
// logic at all. It shows "FEN ... w KQkq", toggles w/b on `t` and exits on Ctrl-Q, which is all
// measure-app.sh needs.
//
//   cc -O2 -o /tmp/keystroke-floor scripts/keystroke-floor.c
//   scripts/compare-app.sh /tmp/keystroke-floor target/release/fenboard
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/epoll.h>
#include <termios.h>
#include <unistd.h>

static void say(int tty, const char *side) {
  char line[96];
  int len = snprintf(line, sizeof line, "\x1b[38;1HFEN 8/8/8/8/8/8/8/8 %s KQkq - 0 1", side);
  if (write(tty, line, len) < 0) _exit(1);
}

int main(void) {
  int tty = open("/dev/tty", O_RDWR);
  if (tty < 0) return 1;
  struct termios cooked, raw;
  tcgetattr(0, &cooked);
  raw = cooked;
  cfmakeraw(&raw);
  tcsetattr(0, TCSANOW, &raw);
  char frame[480];
  int n = 0;
  while (n < 430)
    n += snprintf(frame + n, sizeof frame - n, "\x1b[%d;10H\x1b[38;5;95;48;5;137m#######", 3 + n / 60);
  memset(frame + n, ' ', sizeof frame - n);
  const char *side = "w";
  if (write(tty, "\x1b[2J", 4) < 0) return 1;
  say(tty, side);
  int ep = epoll_create1(0);
  struct epoll_event ev = {.events = EPOLLIN};
  epoll_ctl(ep, EPOLL_CTL_ADD, 0, &ev);
  for (;;) {
    struct epoll_event got;
    if (epoll_wait(ep, &got, 1, -1) < 1) continue;
    char buf[64];
    ssize_t r = read(0, buf, sizeof buf);
    if (r <= 0 || buf[0] == 17) break;
    if (buf[0] == 't') {
      side = side[0] == 'w' ? "b" : "w";
      say(tty, side);
    } else if (write(tty, frame, sizeof frame) < 0) {
      break;
    }
  }
  tcsetattr(0, TCSANOW, &cooked);
  puts("done");
  return 0;
}
