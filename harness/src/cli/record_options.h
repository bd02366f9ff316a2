// The options solve and run share: how each record is solved and how the input is read.
#pragma once

#include <cstdint>
#include <cstdio>
#include <functional>
#include <string>

#include "cli/options.h"
#include "stream/pipeline.h"
#include "stream/record_step.h"

namespace sudoku_bench {

// --limit, --node-limit, --time-limit-ms, --seed, --input-format, --verify and --verify-every, into
// `step` and `pipeline`. What --verify means differs between the two commands: `verify` receives
// its reference; and run's --verify-every also sets how often external solvers are recounted
// without --verify, which `plugin_verify_every` (null for solve) receives.
void declare_record_options(Options& options, StepOptions& step, PipelineConfig& pipeline,
                            std::function<void(const std::string&)> verify, std::uint64_t* plugin_verify_every);

// False, said on `err`, when --verify meets --no-verify.
bool verify_options_agree(const Options& options, std::FILE* err);

}  // namespace sudoku_bench
