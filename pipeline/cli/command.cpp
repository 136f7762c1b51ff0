#include "pipeline/cli/command.h"

namespace kk::cli {
namespace {

int g_exit = kOk;

}  // namespace

void set_exit(int status) {
    g_exit = status;
}
int exit_status() {
    return g_exit;
}

}  // namespace kk::cli
