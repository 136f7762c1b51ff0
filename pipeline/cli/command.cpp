#include "pipeline/cli/command.h"

#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdlib>

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

CLI::Validator uint64_text() {
    return CLI::Validator(
        [](std::string& text) -> std::string {
            std::uint64_t value = 0;
            const char* end = text.data() + text.size();
            const auto [ptr, ec] = std::from_chars(text.data(), end, value);
            if (text.empty() || text[0] < '0' || text[0] > '9' || ptr != end)
                return "'" + text + "' is not a whole number from 0 to 18446744073709551615";
            if (ec == std::errc::result_out_of_range)
                return "'" + text + "' is larger than 18446744073709551615 (2^64-1)";
            return {};
        },
        "UINT64");
}

CLI::Validator finite_number() {
    return CLI::Validator(
        [](std::string& text) -> std::string {
            char* end = nullptr;
            const double value = std::strtod(text.c_str(), &end);
            if (text.empty() || end != text.c_str() + text.size())
                return "'" + text + "' is not a number";
            if (!std::isfinite(value)) return "'" + text + "' is not a finite number";
            return {};
        },
        "NUMBER");
}

CLI::Option* add_db_option(CLI::App* sub, std::string& db, const std::string& description) {
    return sub->add_option("--db", db, description)
        ->required()
        ->check(CLI::Validator(
            [](std::string& path) -> std::string {
                return path.empty() ? "an empty path names no file" : "";
            },
            "FILE"));
}

}  // namespace kk::cli
