// What a standard stream shows: a terminal that takes cursor controls and colours, or
// lines a reader keeps (a file, a pipe, a terminal without such controls).
#pragma once

namespace kk {

// Whether fd is a terminal that redraws a line in place: a tty whose TERM names one.
// A dumb terminal (TERM=dumb, as Emacs's shell sets, or no TERM) showed "^[[2K" before
// every progress line.
bool redraws_in_place(int fd);

// Whether fd's messages may be coloured: redraws_in_place, and no NO_COLOR
// (https://no-color.org: set to anything but empty).
bool takes_colour(int fd);

// The columns of the terminal fd is (80 when it does not say). Every width it gives
// counts: below 21 columns an 80-column progress line wrapped, and redrawing it moved up
// too few rows (generate) or returned to its last row (verify), leaving old text behind.
int terminal_columns(int fd);

}  // namespace kk
