#include "core/io/terminal.h"

#include <sys/ioctl.h>
#include <unistd.h>

#include <cstdlib>
#include <cstring>

namespace kk {

bool redraws_in_place(int fd) {
    if (!::isatty(fd)) return false;
    const char* term = std::getenv("TERM");
    return term && *term && std::strcmp(term, "dumb") != 0;
}

bool takes_colour(int fd) {
    const char* no_colour = std::getenv("NO_COLOR");
    return redraws_in_place(fd) && !(no_colour && *no_colour);
}

int terminal_columns(int fd) {
    winsize w{};
    if (::ioctl(fd, TIOCGWINSZ, &w) == 0 && w.ws_col > 1) return w.ws_col;
    return 80;
}

}  // namespace kk
