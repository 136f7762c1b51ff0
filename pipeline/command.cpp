#include "pipeline/command.h"

#include <algorithm>
#include <utility>
#include <vector>

namespace kk::cli {
namespace {

struct Entry {
    int order;
    Registration add;
};

std::vector<Entry>& registry() {
    static std::vector<Entry> entries;
    return entries;
}

int g_exit = kOk;

}  // namespace

CommandRegistrar::CommandRegistrar(int order, Registration add) {
    registry().push_back({order, std::move(add)});
}

void add_all_commands(CLI::App& app) {
    auto& entries = registry();
    std::stable_sort(entries.begin(), entries.end(),
                     [](const Entry& a, const Entry& b) { return a.order < b.order; });
    for (auto& e : entries) e.add(app);
}

void set_exit(int status) {
    g_exit = status;
}
int exit_status() {
    return g_exit;
}

}  // namespace kk::cli
