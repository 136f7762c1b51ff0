#include "pipeline/cli/json_record.h"

namespace kk::cli {

nlohmann::ordered_json record_for(const SourcedPuzzle& sp) {
    nlohmann::ordered_json j = sp.id ? db::record_start("id", *sp.id)
                                     : db::record_start("source", sp.source);
    j["puzzle"] = db::puzzle_json(sp.parsed.puzzle);
    return j;
}

}  // namespace kk::cli
