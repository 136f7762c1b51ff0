#include "pipeline/factory/candidate.h"

namespace kk {

const char* stage_name(Stage s) {
    switch (s) {
#define KK_STAGE_NAME(e, str) \
    case Stage::e:            \
        return str;
        KK_STAGES(KK_STAGE_NAME)
#undef KK_STAGE_NAME
    }
    return "?";
}

void Candidate::reset(std::uint64_t seed, std::uint64_t new_index) {
    index = new_index;
    size = 0;
    recipe = 0;
    target_level = -1;
    search_wanted = true;
    rng = Rng(seed, new_index);
    outcome = Outcome::Pending;
    level = Level::Impossible;
    score = 0;
    has_record = false;
    seconds.fill(0);
}

const char* outcome_name(Outcome o) {
    switch (o) {
        case Outcome::Pending:
            return "pending";
        case Outcome::TooManySingletons:
            return "too many single-cell cages";
        case Outcome::NotUnique:
            return "more than one solution";
        case Outcome::NoSolution:
            return "no solution";
        case Outcome::TooMuchSearch:
            return "too much trial and error";
        case Outcome::SizeFull:
            return "size quota full";
        case Outcome::LevelFull:
            return "level quota full";
        case Outcome::LevelUnwanted:
            return "level not asked for";
        case Outcome::Duplicate:
            return "duplicate (rotation/reflection)";
        case Outcome::Stored:
            return "stored";
    }
    return "?";
}

}  // namespace kk
