#include "load/evaluation_reader.h"

namespace sandtable::load {

rules::EvaluationOverrides read_evaluation(MapReader& top) {
    rules::EvaluationOverrides out;
    if (!top.has("evaluation")) {
        top.accept("evaluation");
        return out;
    }
    MapReader r(top.child("evaluation"), top.file(), top.sink(), "evaluation");
    if (!r.valid()) return out;
    for (std::size_t i = 0; i < rules::kEvaluationMeasures; ++i) {
        const std::string key(rules::evaluation_key(static_cast<rules::EvaluationMeasure>(i)));
        if (r.has(key)) out.weight[i] = r.number(key, {.fallback = 1, .min = 0, .max = 100});
        r.accept(key);  // so that a misspelt measure is told the nearest one
    }
    return out;  // r.finish() reports any other key, naming the measures it may be
}

}  // namespace sandtable::load
